import { createCookie } from 'react-router';
import type { NotificationType } from '../components/ui/notifications.tsx';

export interface Flash {
  type: NotificationType;
  message: string;
}

/** A message for the next page, such as 'Login successful' after the redirect that follows sign-in. */
const flashCookie = createCookie('pp_flash', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 });

export function setFlash(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash);
}

/** The waiting message, if any, and the header that removes it so it shows once. */
export async function takeFlash(request: Request): Promise<{ flash: Flash; clear: string } | null> {
  const value = (await flashCookie.parse(request.headers.get('cookie'))) as Flash | null;
  if (!value || typeof value.message !== 'string') return null;
  return { flash: value, clear: await flashCookie.serialize('', { maxAge: 0 }) };
}
