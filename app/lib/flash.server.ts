import { createCookie, type AppLoadContext } from 'react-router';
import type { NotificationType } from '../components/ui/notifications.tsx';

export interface Flash {
  type: NotificationType;
  message: string;
}

const TYPES: readonly string[] = ['success', 'info', 'warning', 'error'] satisfies NotificationType[];

/**
 * A message for the next page, such as 'Login successful' after the redirect that follows sign-in. It is
 * signed with the store's cookie secret: a cookie is whatever the browser sends, and a site on a sibling
 * domain can set one, so an unsigned message could put anyone's words on the store's pages. `Secure` when
 * the store is served over HTTPS.
 */
function flashCookie(context: AppLoadContext) {
  return createCookie('pp_flash', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 60,
    secure: context.origin.startsWith('https://'),
    secrets: [context.services.cookieSecret],
  });
}

export function setFlash(context: AppLoadContext, flash: Flash): Promise<string> {
  return flashCookie(context).serialize(flash);
}

/** The waiting message, if any, and the header that removes it so it shows once. */
export async function takeFlash(
  request: Request,
  context: AppLoadContext,
): Promise<{ flash: Flash; clear: string } | null> {
  const cookie = flashCookie(context);
  const value = (await cookie.parse(request.headers.get('cookie'))) as Partial<Flash> | null;
  if (!value || typeof value.message !== 'string' || !TYPES.includes(value.type as string)) return null;
  return { flash: { type: value.type!, message: value.message }, clear: await cookie.serialize('', { maxAge: 0 }) };
}
