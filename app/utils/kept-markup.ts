// Parts of the server's document that are the same for every page of a shape, written once and kept (decisions 072,
// 073): the cache and its keys, shared by <KeptMarkup> (components/kept-markup.tsx), which renders a part or its
// place, and keepMarkup (scripts-after-paint.server.ts), which fills that place or keeps what the part wrote.
//
// - The scripts (Remix's <Scripts>, rewritten by decision 056 to start after the first paint) depend only on the build
//   (its manifest and future flags), the page's matched routes, its path (the partial manifest of lazy route
//   discovery names the routes its parent paths match), and the CSP nonce on each tag.
// - The links of <head> (Remix's <Links>: each matched route's `links()`, which take no arguments, and the build's
//   CSS) depend only on the build and the matched routes, when no route failed (a failed route's boundary drops the
//   routes below it).
// - The side menu of the signed-in shell (components/shell.tsx) depends only on its items (the user's role), the item
//   of the page (aria-current) and the menu's mode (open, collapsed, auto): the same few dozen elements on every page.
// Two pages of the same shape differ only by their nonces: the finished part is kept with the nonce taken out, and
// given to the next page of its shape with that page's nonce.

export type KeptPart = 'scripts' | 'links' | 'menu';

/** Where a kept part has its nonce. */
export const NONCE_MARK = '\u0000nonce\u0000';

/** Kept parts at most (then the cache starts again): paths are the visitor's to choose (an application id, a 404). */
const KEPT_LIMIT = 1000;

const kept = new Map<string, string>();

/** The key of a part for pages of a shape (`shape`: what the part depends on besides the build). */
export function markupKey(part: KeptPart, manifestVersion: string, shape: readonly string[]): string {
  return [part, manifestVersion, ...shape].join('\u0000');
}

/** The kept markup of this key, with NONCE_MARK for the nonce. */
export function keptMarkup(key: string): string | undefined {
  return kept.get(key);
}

export function keepMarkupOf(key: string, markup: string): void {
  if (kept.size >= KEPT_LIMIT && !kept.has(key)) kept.clear();
  kept.set(key, markup);
}

/** Per document (on Remix's renderMeta, one per request): each part's key, and its kept markup when there is one. */
export const KEPT_MARKUP = Symbol.for('broadband-portal.kept-markup');
export type KeptMarkupNotes = Partial<Record<KeptPart, { key: string; markup?: string }>>;

/** The markers <KeptMarkup> writes: the place of a kept part, and the two ends of a part to keep. */
export const keptPlace = (part: KeptPart) => `<template data-portal-kept="${part}"></template>`;
export const keepFrom = (part: KeptPart) => `<template data-portal-keep-from="${part}"></template>`;
export const keepTo = (part: KeptPart) => `<template data-portal-keep-to="${part}"></template>`;
