// Dates: MM/DD/YYYY calendar days, relative bounds ('+4y') and the spec 5 date rules, in the portal's zone.
import { TIME_ZONE } from '../constants';
import { DATE_PATTERN } from './limits';
import { VALIDATION_MSG } from './messages';

interface CalendarDay {
  y: number;
  m: number;
  d: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const dayNumber = (c: CalendarDay) => c.y * 10000 + c.m * 100 + c.d;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** 'MM/DD/YYYY' for a calendar day. */
export const formatCalendarDay = (c: CalendarDay): string => `${pad2(c.m)}/${pad2(c.d)}/${String(c.y).padStart(4, '0')}`;

/** '02/29/2024' → {y,m,d}; null when not MM/DD/YYYY or not a real calendar date. */
export function parseDateString(text: string): CalendarDay | null {
  const m = DATE_PATTERN.exec(text.trim());
  if (!m) return null;
  const c = { m: Number(m[1]), d: Number(m[2]), y: Number(m[3]) };
  if (c.m < 1 || c.m > 12 || c.d < 1 || c.d > daysInMonth(c.y, c.m)) return null;
  return c;
}

/** The calendar day it is in the portal's zone (America/New_York) at `now`. */
function calendarToday(now: Date): CalendarDay {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

function shiftDay(base: CalendarDay, amount: number, unit: string): CalendarDay {
  if (unit === 'd') {
    const t = new Date(Date.UTC(base.y, base.m - 1, base.d + amount));
    return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
  }
  const months = unit === 'y' ? amount * 12 : amount;
  const index = base.y * 12 + (base.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { y, m, d: Math.min(base.d, daysInMonth(y, m)) }; // 02/29 + 1y → 02/28
}

/**
 * A minDate/maxDate bound: 'MM/DD/YYYY', 'YYYY-MM-DD', 'today', or relative to today ('+4y',
 * '-30d', '+6m'). Null when absent or not understood.
 */
export function resolveDateBound(bound: string | null | undefined, today: Date = new Date()): CalendarDay | null {
  if (!bound) return null;
  const text = bound.trim();
  if (text.toLowerCase() === 'today') return calendarToday(today);
  const rel = /^([+-])\s*(\d+)\s*([dmy])$/i.exec(text);
  if (rel) return shiftDay(calendarToday(today), (rel[1] === '-' ? -1 : 1) * Number(rel[2]), rel[3]!.toLowerCase());
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return parseDateString(`${iso[2]}/${iso[3]}/${iso[1]}`);
  return parseDateString(text);
}

/** Spec 5 date rules in order: format, real date, 01/01/1900, min, max. */
export function validateDateString(
  text: string,
  bounds: { minDate?: string | null; maxDate?: string | null; today?: Date } = {},
): string | null {
  const trimmed = text.trim();
  if (!DATE_PATTERN.test(trimmed)) return VALIDATION_MSG.dateFormat;
  const day = parseDateString(trimmed);
  if (!day) return VALIDATION_MSG.dateInvalid;
  if (day.y < 1900) return VALIDATION_MSG.dateBefore1900;
  const today = bounds.today ?? new Date();
  const min = resolveDateBound(bounds.minDate, today);
  if (min && dayNumber(day) < dayNumber(min)) return VALIDATION_MSG.dateBefore(formatCalendarDay(min));
  const max = resolveDateBound(bounds.maxDate, today);
  if (max && dayNumber(day) > dayNumber(max)) return VALIDATION_MSG.dateAfter(formatCalendarDay(max));
  return null;
}
