import { data } from 'react-router';

/** Every path no other route claims. */
export function loader() {
  throw data('Not Found', { status: 404 });
}

export function meta() {
  return [{ title: 'Page Not Found | PracticePass' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return null;
}
