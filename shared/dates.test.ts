import { describe, expect, it } from 'vitest';
import { formatDate, knownTimeZone } from './dates.ts';

// ICU may put a narrow no-break space before AM/PM; the words are what matter here.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('dates in the student’s time zone', () => {
  it('shows the same instant as it was where the student lives', () => {
    // 03:30 UTC on 21 November is 19:30 the evening before in Los Angeles (PST, UTC−8) ...
    expect(plain(formatDate('2026-11-21T03:30:00.000Z', 'mediumTime', 'America/Los_Angeles'))).toBe(
      'Nov 20, 2026, 7:30 PM',
    );
    // ... and 17:30 on the 21st on Kiritimati (UTC+14).
    expect(plain(formatDate('2026-11-21T03:30:00.000Z', 'mediumTime', 'Pacific/Kiritimati'))).toBe(
      'Nov 21, 2026, 5:30 PM',
    );
    // 22:15 UTC on 30 June is 03:45 on 1 July in India (UTC+5:30).
    expect(formatDate('2026-06-30T22:15:00.000Z', 'long', 'Asia/Kolkata')).toBe('July 1, 2026');
    expect(formatDate('2026-06-30T22:15:00.000Z', 'medium', 'Asia/Kolkata')).toBe('Jul 1, 2026');
    expect(formatDate('2026-06-30T22:15:00.000Z', 'dayMonth', 'Asia/Kolkata')).toBe('Jul 1');
  });

  it('is UTC until the zone is known', () => {
    expect(formatDate('2026-11-21T23:30:00.000Z', 'long')).toBe('November 21, 2026');
    expect(plain(formatDate('2026-11-21T23:30:00.000Z', 'mediumTime'))).toBe('Nov 21, 2026, 11:30 PM');
  });

  it('takes only zone names the runtime knows, and UTC for anything else', () => {
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(knownTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    // An old name some browsers still report is known under itself.
    expect(knownTimeZone('Asia/Calcutta')).toBe('Asia/Calcutta');
    for (const bad of [
      null,
      undefined,
      '',
      'Mars/Olympus_Mons',
      'Europe/Paris; DROP TABLE users',
      '<script>',
      'A'.repeat(65),
    ]) {
      expect(knownTimeZone(bad)).toBe('UTC');
    }
  });
});
