// Dates as the portal shows them: MM-dd-yyyy in lists, times in America/New_York (spec 9).
import { TIME_ZONE } from './constants';

// Building an Intl.DateTimeFormat is costly (it was 7-14% of a list page's CPU): one per time zone, kept.
const partFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' });

function parts(date: Date, timeZone = TIME_ZONE) {
  let fmt = partFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    partFormats.set(timeZone, fmt);
  }
  const found: Record<string, number> = {};
  for (const p of fmt.formatToParts(date)) if (p.type !== 'literal') found[p.type] = Number(p.value);
  return { year: found.year!, month: found.month!, day: found.day!, hour: found.hour!, minute: found.minute!, second: found.second! };
}

const pad = (n: number) => String(n).padStart(2, '0');

// A list page formats every row's dates, and formatToParts is a few microseconds each (a tenth of a list page's
// rendering, decision 040). New York's calendar day changes only on a quarter hour of UTC (its offsets since
// 1883 are whole hours, and midnight and its clock changes fall on them), so the day of an instant is kept per
// quarter hour, a bounded number of them.
const QUARTER_HOUR_MS = 15 * 60_000;
const LIST_DAYS_KEPT = 4096;
const daysByQuarter = new Map<number, NewYorkDay>();

/** A New York calendar day, written both ways the portal writes it. */
interface NewYorkDay {
  /** MM-dd-yyyy, as lists show it. */
  list: string;
  /** yyyy-MM-dd, as the API's date filters take it. */
  iso: string;
}

/** The New York day of an instant: formatToParts once per quarter hour of UTC (for instants from 1970 on). */
function newYorkDay(date: Date): NewYorkDay {
  const time = date.getTime();
  if (!(time >= 0)) return dayOf(date);
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  let day = daysByQuarter.get(quarter);
  if (day === undefined) {
    if (daysByQuarter.size >= LIST_DAYS_KEPT) daysByQuarter.clear();
    daysByQuarter.set(quarter, (day = dayOf(date)));
  }
  return day;
}

function dayOf(date: Date): NewYorkDay {
  const p = parts(date);
  return { list: `${pad(p.month)}-${pad(p.day)}-${p.year}`, iso: `${p.year}-${pad(p.month)}-${pad(p.day)}` };
}

/** '2026-11-21T15:00:00Z' → '11-21-2026' (New York date). */
export function formatListDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  return newYorkDay(new Date(value)).list;
}

/** '3:42 PM' (New York time): when a change was saved (the edit conflict notice, issue 43). */
export function formatClockTime(value: string | Date | null | undefined): string {
  return value ? timeFormat.format(new Date(value)) : '';
}

/** '11-21-2026 10:00 AM' (New York time), for history entries. */
export function formatListDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  const time = timeFormat.format(date);
  return `${formatListDate(date)} ${time}`;
}

/** The calendar day (yyyy-MM-dd) it is in New York at `now`. */
export function zonedToday(now = new Date()): string {
  return newYorkDay(now).iso;
}

// Every list filtered by dates asks for the same few day starts (this week's, this month's): each is worked out once
// per time zone and day, a bounded number kept.
const dayStarts = new Map<string, number>();

/** The UTC instant at which a New York calendar day (yyyy-MM-dd) starts. */
export function zonedDayStart(day: string, timeZone = TIME_ZONE): Date {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const midnightAsUtc = Date.UTC(y, m - 1, d);
    // The zone's offset at noon first, then at the midnight that gives: on a clock-change day the two differ (New
    // York changes at 2 AM), and the offset in force at midnight is the one that places it.
    start = midnightAsUtc - offsetAt(midnightAsUtc + 12 * 3_600_000, timeZone);
    start = midnightAsUtc - offsetAt(start, timeZone);
    if (dayStarts.size >= LIST_DAYS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(time: number, timeZone: string): number {
  const p = parts(new Date(time), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - time;
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + n));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export const DATE_RANGES = ['today', 'this-week', 'past-week', 'this-month'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  today: 'Today',
  'this-week': 'This Week',
  'past-week': 'Past Week',
  'this-month': 'This Month',
};

/**
 * The filter's date range as yyyy-MM-dd bounds (inclusive), in New York days. Weeks run Sunday to
 * Saturday: This Week is the current one, Past Week the one before it.
 */
export function dateRangeBounds(range: DateRange, now = new Date()): { startDate: string; endDate: string } {
  const today = zonedToday(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  switch (range) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'this-week':
      return { startDate: addDays(today, -weekday), endDate: addDays(today, 6 - weekday) };
    case 'past-week':
      return { startDate: addDays(today, -weekday - 7), endDate: addDays(today, -weekday - 1) };
    case 'this-month': {
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      return { startDate: `${y}-${pad(m)}-01`, endDate: `${y}-${pad(m)}-${pad(last)}` };
    }
  }
}
