import { expect, grantAccess, handInBlank, register, test, uniqueEmail } from './support/fixtures.ts';
import { storedValue } from './support/stored-rows.ts';

// Kiritimati is UTC+14 all year: every time of day there differs from UTC's, and so does the date for ten
// hours a day.
const ZONE = 'Pacific/Kiritimati';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An instant as a Kiritimati clock and calendar show it, worked out by hand: 14 hours on from UTC. */
function onKiritimati(iso: string) {
  const t = new Date(Date.parse(iso) + 14 * 60 * 60 * 1000);
  const month = MONTHS[t.getUTCMonth()]!;
  const [day, year, hours] = [t.getUTCDate(), t.getUTCFullYear(), t.getUTCHours()];
  const time = `${hours % 12 || 12}:${String(t.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return { dateTime: `${month.slice(0, 3)} ${day}, ${year}, ${time}`, date: `${month} ${day}, ${year}` };
}

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
    const local = onKiritimati(submittedAt).dateTime;

    await page.goto('/history');
    await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(local);
    // Moving between pages in the browser draws the same text the server did.
    await page.getByRole('link', { name: 'Exam', exact: true }).click();
    await expect(page).toHaveURL('/history?mode=exam');
    await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(local);

    await page.goto('/purchased');
    await expect(page.getByRole('article').filter({ hasText: 'Project Management Professional' })).toContainText(
      `Purchased${onKiritimati(purchasedAt).date}`,
    );
  });
});
