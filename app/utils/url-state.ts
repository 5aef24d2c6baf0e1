// URL state helpers: lists, filters, dialogs and drawers keep their state in the query string.

/** The current query with some parameters changed (null removes them). Changing a filter resets the page. */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** Parameters that open dialogs and drawers: closed by dropping them all. */
export const DIALOG_PARAMS = ['filters', 'cancel', 'step', 'delete', 'new'] as const;

export function closeDialogs(search: string | URLSearchParams): string {
  return withParams(search, Object.fromEntries(DIALOG_PARAMS.map((k) => [k, null])));
}
