import { data } from 'react-router';

export const UNREADABLE_FORM = 'This form could not be read. Please reload the page and send it again.';

/**
 * The posted form. A body that is not a form (another content type, a broken multipart body) is the
 * sender's mistake: it answers 400 with a message on the page, never a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(UNREADABLE_FORM, { status: 400 });
  }
}
