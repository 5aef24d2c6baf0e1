// Which failures mean "the database cannot be reached right now" (answered 503, retried later), as
// opposed to a bug or bad data. Drizzle wraps driver errors in `cause`, so the whole chain is read.

/** Socket-level failures of the connection itself (Node's errno codes). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** The embedded database's thread has stopped or was closed (api/db/pglite-remote.ts). */
export const PGLITE_UNAVAILABLE = 'PGLITE_UNAVAILABLE';

/** SQLSTATEs of a server going away: admin/crash shutdown, not accepting connections yet. Class 08 is added below. */
const SERVER_GONE_STATES = new Set(['57P01', '57P02', '57P03']);

/** What `pg`, `pg-pool` and PGlite throw when the connection is lost, never made, or closed. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
  'PGlite is closed',
];

function unreachable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_STATES.has(code) || code === PGLITE_UNAVAILABLE || /^08[0-9A-Z]{3}$/.test(code))) return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.startsWith(m));
}

export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (unreachable(e)) return true;
    // A failed Promise.all (pool.connect inside a transaction…) may carry several.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** One line for the log: the code and message of the innermost cause, without the query or a stack. */
export function describeDatabaseError(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause) e = e.cause;
  if (e instanceof AggregateError && e.errors.length) e = e.errors[0];
  if (!(e instanceof Error)) return e === undefined ? '' : String(e);
  const code = (e as { code?: unknown }).code;
  return [typeof code === 'string' ? code : '', e.message].filter(Boolean).join(' ');
}

/** A unique index refused the row (two writes racing for the same key). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, hops = 0; e && typeof e === 'object' && hops < 10; e = (e as { cause?: unknown }).cause, hops += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
