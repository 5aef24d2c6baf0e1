// formatListDate and zonedToday keep the New York day of each UTC quarter hour (decision 040): the kept day must be
// the day Intl gives for every instant of that quarter hour, across midnights and both clock changes. zonedDayStart
// keeps each day's start (decision 067): the kept instant must be the one worked out afresh.
import { describe, expect, it } from 'vitest';
import { addDays, formatListDate, zonedDayStart, zonedToday } from '../../domain/dates';

const reference = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
const expected = (t: number) => reference.format(new Date(t)).replace(/\//g, '-');
const expectedIso = (t: number) => { const [m, d, y] = expected(t).split('-'); return `${y}-${m}-${d}`; };

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

describe('zonedToday', () => {
  it('gives Intl’s New York day (yyyy-MM-dd) for every minute around midnights and the clock changes', () => {
    for (const day of ['2026-03-08', '2026-11-01', '2026-12-31', '2027-03-14']) {
      const start = Date.parse(`${day}T00:00:00Z`);
      for (let m = 36 * 60; m >= 0; m--) expect(zonedToday(new Date(start + m * 60_000 + 30_000))).toBe(expectedIso(start + m * 60_000 + 30_000));
      // The same quarter hours again, now kept: formatListDate and zonedToday share them and each writes its own form.
      for (let m = 0; m <= 36 * 60; m += 7) {
        const t = start + m * 60_000;
        expect(zonedToday(new Date(t))).toBe(expectedIso(t));
        expect(formatListDate(new Date(t))).toBe(expected(t));
      }
    }
  });
});

describe('zonedDayStart', () => {
  // The start of a New York day, found by stepping back from its noon a minute at a time: no kept values.
  const startByScan = (day: string) => {
    let t = Date.parse(`${day}T12:00:00Z`);
    while (expectedIso(t - 60_000) === day || expectedIso(t) !== day) t -= 60_000;
    return t;
  };

  it('gives the instant each day starts, asked once or again, across both clock changes', () => {
    for (let day = '2026-03-06'; day <= '2026-03-10'; day = addDays(day, 1)) {
      expect(zonedDayStart(day).getTime()).toBe(startByScan(day));
      expect(zonedDayStart(day).getTime()).toBe(startByScan(day));
    }
    for (const day of ['2026-10-31', '2026-11-01', '2026-11-02', '2027-01-01']) {
      expect(zonedDayStart(day).toISOString()).toBe(new Date(startByScan(day)).toISOString());
      expect(zonedDayStart(day).toISOString()).toBe(new Date(startByScan(day)).toISOString());
    }
  });

  it('answers a new Date each time, so a caller changing one changes nothing kept', () => {
    const first = zonedDayStart('2026-11-27');
    first.setUTCFullYear(1999);
    expect(zonedDayStart('2026-11-27').toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(zonedDayStart('2026-07-04', 'UTC').toISOString()).toBe('2026-07-04T00:00:00.000Z');
    expect(zonedDayStart('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
  });
});
