// The filters of a paged list as data (decision 084), beside its paging (paging.ts): each filter is a condition on one
// placeholder, the placeholder's value read from the list's query (undefined: not asked), and a letter of the
// statement's shape, so a list prepares one statement per set of filters asked (decision 012). The rules that every
// list's filters share are here once: a comma list of names, a day range in the portal's time zone, an id search.
import type { SQL } from 'drizzle-orm';
import { addDays, zonedDayStart } from '../../domain/dates';

export interface ListFilter<Q> {
  /**
   * The placeholder the condition reads. Without one, `value` answers `true` for a condition that reads none, or the
   * placeholders it reads by name.
   */
  param?: string;
  letter: string;
  where: SQL;
  /** Undefined (or false) when `q` does not ask for this filter. */
  value: (q: Q) => unknown;
}

export interface ListFilters {
  shape: string;
  where: SQL[];
  values: Record<string, unknown>;
}

/** The conditions, placeholder values and shape of the filters `q` asks for, in the table's order. */
export function listFilters<Q>(q: Q, filters: readonly ListFilter<Q>[]): ListFilters {
  const out: ListFilters = { shape: '', where: [], values: {} };
  for (const filter of filters) {
    const value = filter.value(q);
    if (value === undefined || value === false) continue;
    out.where.push(filter.where);
    if (filter.param) out.values[filter.param] = value;
    else if (typeof value === 'object' && value !== null) Object.assign(out.values, value);
    out.shape += filter.letter;
  }
  return out;
}

/** A comma-separated list of names (places), trimmed, without empty ones; undefined when it names none. */
export function commaList(raw: string | undefined): string[] | undefined {
  const names = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return names.length ? names : undefined;
}

/** A day range's lower bound (yyyy-MM-dd, inclusive): the start of that day in the portal's time zone. */
export const dayRangeStart = (day: string | undefined): string | undefined => (day ? zonedDayStart(day).toISOString() : undefined);

/** A day range's upper bound (yyyy-MM-dd, inclusive): the start of the next day in the portal's time zone, excluded. */
export const dayRangeEnd = (day: string | undefined): string | undefined => (day ? zonedDayStart(addDays(day, 1)).toISOString() : undefined);

/** What a person typed in an application-id search, as LIKE text: upper case (ids are), without LIKE's wildcards. */
export const idSearchText = (typed: string): string => typed.trim().toUpperCase().replace(/[%_\\]/g, '');
