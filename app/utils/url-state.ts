// URL state (decision 004, 015): lists, filters, dialogs and drawers keep their state in the query string,
// so a copied URL reopens the same view and every control works as a plain GET without JavaScript.
// No zod here: this module also runs in the browser.

// A list page builds a dozen links and forms from the same address (pager, chips, drawer, hidden fields): its query is
// decoded once, and each builds on the pairs (rendering is synchronous, and the pairs are never changed in place).
let lastQuery: string | undefined;
let lastPairs: readonly (readonly [string, string])[] = [];

/** The query's name-value pairs in order, as URLSearchParams reads them; the same string in a row is decoded once. */
export function queryPairs(search: string): readonly (readonly [string, string])[] {
  if (search !== lastQuery) {
    lastPairs = [...new URLSearchParams(search)];
    lastQuery = search;
  }
  return lastPairs;
}

function paramsOf(search: string | URLSearchParams): URLSearchParams {
  return new URLSearchParams(typeof search === 'string' ? (queryPairs(search) as [string, string][]) : search);
}

/** The current query with some parameters changed (null removes them). Changing a filter resets the page. */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | number | null | undefined>): string {
  const params = paramsOf(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/**
 * A page past the last one (`?page=99` of a one-page list): where to go instead, the same path and query at the
 * last page (page 1 drops the parameter), every other parameter kept; null when the page exists. An empty list
 * has one page, "No data".
 */
export function pastLastPage(url: string | URL, page: number, totalPages: number): string | null {
  const last = Math.max(1, Math.floor(totalPages) || 1);
  if (page <= last) return null;
  const { pathname, search } = new URL(url);
  const query = withParams(search, { [LIST_PARAMS.page]: last === 1 ? null : last });
  return query === '?' ? pathname : pathname + query;
}

/** Parameters that open dialogs and drawers: closed by dropping them all. */
export const DIALOG_PARAMS = ['filters', 'cancel', 'step', 'delete', 'new', 'edit', 'disable', 'upload', 'version', 'preview', 'library'] as const;

export function closeDialogs(search: string | URLSearchParams): string {
  return withParams(search, Object.fromEntries(DIALOG_PARAMS.map((k) => [k, null])));
}

/** The list parameters a list page reads (the query string names). */
export const LIST_PARAMS = { page: 'page', pageSize: 'size', search: 'q', sort: 'sort' } as const;

/** One filter's rule: the clean value of what the URL says, or undefined when it says nothing usable. */
export type FilterRule = (raw: string) => string | undefined;

/** A filter whose value is one of a fixed set. */
export const oneOf =
  (values: readonly string[]): FilterRule =>
  (raw) =>
    values.includes(raw) ? raw : undefined;

/** A free-text filter, trimmed; longer than `max` is ignored rather than cut. */
export const text =
  (max: number): FilterRule =>
  (raw) => {
    const value = raw.trim();
    return value && value.length <= max ? value : undefined;
  };

export interface ListSpec<F extends string> {
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** The search box: longest accepted text (longer is ignored), and its normal form (upper-cased ids). */
  search?: { max: number; normalize?: (value: string) => string };
  filters: Record<F, FilterRule>;
  /** Sortable columns; `-column` sorts descending. Without it, the list has the API's order. */
  sorts?: readonly string[];
}

export interface ListState<F extends string> {
  page: number;
  pageSize: number;
  search: string;
  filters: Partial<Record<F, string>>;
  /** `column` or `-column`, one of the spec's sorts; null for the API's order. */
  sort: string | null;
}

/** Reads a list's state from a query string; anything malformed falls back to its default, never an error. */
export function parseListState<F extends string>(search: string | URLSearchParams, spec: ListSpec<F>): ListState<F> {
  const params = paramsOf(search);
  const page = Number(params.get(LIST_PARAMS.page));
  const pageSize = Number(params.get(LIST_PARAMS.pageSize));
  const rawSearch = (params.get(LIST_PARAMS.search) ?? '').trim();
  const searchOk = spec.search && rawSearch.length <= spec.search.max;
  const filters: Partial<Record<F, string>> = {};
  for (const name of Object.keys(spec.filters) as F[]) {
    const raw = params.get(name);
    const value = raw === null ? undefined : spec.filters[name](raw);
    if (value !== undefined) filters[name] = value;
  }
  const sort = params.get(LIST_PARAMS.sort);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: spec.pageSizes.includes(pageSize) ? pageSize : spec.defaultPageSize,
    search: searchOk ? (spec.search?.normalize?.(rawSearch) ?? rawSearch) : '',
    filters,
    sort: sort && spec.sorts?.includes(sort.replace(/^-/, '')) ? sort : null,
  };
}

/** An applied filter as the list shows it: its words, and the same URL without it. */
export interface Chip {
  label: string;
  /** The same URL without this filter (and back at page 1). */
  remove: string;
}

/** A chip for one applied URL parameter; removing it starts the list again at page 1. */
export function chip(search: string, param: string, label: string): Chip {
  return { label, remove: withParams(search, { [param]: null, [LIST_PARAMS.page]: null }) };
}

/** The page number of a paged view (?page=), 1 when absent or malformed. */
export function pageParam(url: string | URL): number {
  const page = Number(new URL(url).searchParams.get(LIST_PARAMS.page));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
