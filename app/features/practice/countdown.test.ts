import { describe, expect, it } from 'vitest';
import { timeWarning } from './countdown.ts';

describe('timeWarning', () => {
  it('says nothing until the first mark, then names the mark just passed', () => {
    const hour = 60 * 60;
    expect(timeWarning(601, hour)).toBe('');
    expect(timeWarning(600, hour)).toBe('Less than 10 minutes left.');
    expect(timeWarning(301, hour)).toBe('Less than 10 minutes left.');
    expect(timeWarning(300, hour)).toBe('Less than 5 minutes left.');
    expect(timeWarning(60, hour)).toBe('Less than 1 minute left.');
    expect(timeWarning(0, hour)).toBe('Less than 1 minute left.');
  });

  it('gives short tests no 10-minute mark, and no mark at or above the whole limit', () => {
    expect(timeWarning(600, 20 * 60)).toBe('');
    expect(timeWarning(299, 20 * 60)).toBe('Less than 5 minutes left.');
    expect(timeWarning(300, 5 * 60)).toBe('');
    expect(timeWarning(59, 5 * 60)).toBe('Less than 1 minute left.');
  });
});
