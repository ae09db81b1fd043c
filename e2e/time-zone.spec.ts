import { formatDate } from '../shared/dates.ts';
import { expect, grantAccess, handInBlank, register, test, uniqueEmail } from './support/fixtures.ts';
import { storedValue } from './support/stored-rows.ts';

// Kiritimati is UTC+14: every time of day there differs from UTC's, and so does the date for ten hours a day.
const ZONE = 'Pacific/Kiritimati';
const plain = (text: string) => text.replace(/\s/g, ' ');

test.describe('a student far from UTC', () => {
  test.use({ timezoneId: ZONE });

  test('sees the history and purchases in their own time zone', async ({ page, context }) => {
    // The first page names the browser's zone to the server, before anyone signs in.
    await page.goto('/exams');
    const cookie = (await context.cookies()).find((c) => c.name === 'tz');
    expect(cookie).toMatchObject({ value: encodeURIComponent(ZONE), path: '/', sameSite: 'Lax' });

    const email = uniqueEmail('kiritimati');
    await register(page, { name: 'Kiri Timati', email, password: 'line-islands-14' });
    await grantAccess(email, 'pmp');
    await handInBlank(page, 'pmp-pt1');

    const userId = storedValue('SELECT id FROM users WHERE email = ?', email) as string;
    const submittedAt = storedValue('SELECT submitted_at FROM attempts WHERE user_id = ?', userId) as string;
    const purchasedAt = storedValue('SELECT purchase_date FROM purchases WHERE user_id = ?', userId) as string;
    const local = plain(formatDate(submittedAt, 'mediumTime', ZONE));
    // Fourteen hours on, the time of day is never UTC's.
    expect(local).not.toBe(plain(formatDate(submittedAt, 'mediumTime')));

    await page.goto('/history');
    await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(local);
    // Moving between pages in the browser draws the same text the server did.
    await page.getByRole('link', { name: 'Exam', exact: true }).click();
    await expect(page).toHaveURL('/history?mode=exam');
    await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(local);

    await page.goto('/purchased');
    await expect(page.getByRole('article').filter({ hasText: 'Project Management Professional' })).toContainText(
      `Purchased${formatDate(purchasedAt, 'long', ZONE)}`,
    );
  });
});
