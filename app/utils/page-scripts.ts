// Remix's <Scripts> for the server's document, written once for each shape of page (decision 072); the cache and its
// key, shared by <PageScripts> (components/page-scripts.tsx), which renders a page's scripts or their place, and
// keepPageScripts (scripts-after-paint.server.ts), which fills that place or keeps what <Scripts> wrote.
//
// What <Scripts> writes for a document depends only on the build (its manifest and future flags), the page's matched
// routes and its path (the partial manifest of lazy route discovery names the routes its parent paths match), and
// the CSP nonce on each tag: its preloads, the inline context script and the module script that starts the app, which
// decision 056 then rewrites to start after the first paint. Those differ from page to page only by the nonce, so the
// finished tail is kept, with the nonce taken out, and given to the next page of the same shape with its own nonce.

/** Where a kept tail has its nonce. */
export const NONCE_MARK = '\u0000nonce\u0000';

/** Kept tails at most (then the cache starts again): paths are the visitor's to choose (an application id, a 404). */
const KEPT_LIMIT = 1000;

const kept = new Map<string, string>();

/** The shape of a page, as far as its scripts go. */
export function scriptsKey(manifestVersion: string, pathname: string, routeIds: readonly string[], withNonce: boolean): string {
  return `${manifestVersion}\u0000${withNonce ? 'nonce' : 'none'}\u0000${pathname}\u0000${routeIds.join('\u0000')}`;
}

/** The kept tail of pages of this shape, with NONCE_MARK for the nonce. */
export function keptScripts(key: string): string | undefined {
  return kept.get(key);
}

export function keepScripts(key: string, tail: string): void {
  if (kept.size >= KEPT_LIMIT && !kept.has(key)) kept.clear();
  kept.set(key, tail);
}

/** Per document (on Remix's renderMeta, one per request): the key of its scripts, and their kept tail when there is one. */
export const PAGE_SCRIPTS = Symbol.for('broadband-portal.page-scripts');
export type PageScriptsNote = { key: string; tail?: string };
