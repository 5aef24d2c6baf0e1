// formatListDate keeps the New York day of each UTC quarter hour (decision 040): the kept day must be the day
// Intl gives for every instant of that quarter hour, across midnights and both clock changes.
import { describe, expect, it } from 'vitest';
import { formatListDate } from '../../domain/dates';

const reference = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
const expected = (t: number) => reference.format(new Date(t)).replace(/\//g, '-');

describe('formatListDate', () => {
  it('gives Intl’s New York day for every minute around midnights and the clock changes, in any order', () => {
    const days = ['2026-03-07', '2026-03-08', '2026-11-01', '2026-12-31', '2027-03-14', '2027-11-07'];
    for (const day of days) {
      const start = Date.parse(`${day}T00:00:00Z`);
      // Backwards first, then forwards, then a second past each minute: a quarter hour's day is the same from any of its instants.
      for (let m = 36 * 60; m >= 0; m--) expect(formatListDate(new Date(start + m * 60_000))).toBe(expected(start + m * 60_000));
      for (let m = 0; m <= 36 * 60; m++) expect(formatListDate(new Date(start + m * 60_000 + 59_999).toISOString())).toBe(expected(start + m * 60_000 + 59_999));
    }
  });

  it('keeps empty and earlier-than-1970 values as before', () => {
    expect(formatListDate(null)).toBe('');
    expect(formatListDate('')).toBe('');
    expect(formatListDate('1969-12-31T12:00:00Z')).toBe('12-31-1969');
    expect(() => formatListDate('not a date')).toThrow(RangeError);
  });
});
