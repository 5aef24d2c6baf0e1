// Remix merges the Set-Cookie headers of a page's routes (getDocumentHeaders' prependCookies) by splitting the joined
// header with set-cookie-parser's splitCookiesString, which walks it one character at a time (a regular expression per
// character) to tell a comma between cookies from one inside an Expires date (decision 068). Every signed-in page sets
// the session cookie from its layout's loader, so each page split a string of some 700 characters: about 3% of what a
// page allocates. A string with no comma in it is one cookie, exactly as the walk finds it; anything else still walks.
import { replaceExport } from './replace-export';

type SplitCookiesString = (cookies: string | string[] | undefined) => string[];

/** splitCookiesString, answering a string without a comma itself (one cookie, or none for ""). */
export function commaFreeFirst(original: SplitCookiesString): SplitCookiesString {
  return (cookies) => (typeof cookies === 'string' && !cookies.includes(',') ? (cookies === '' ? [] : [cookies]) : original(cookies));
}

/** Puts commaFreeFirst in set-cookie-parser's module, where Remix calls it from on each call (once per process). */
export function splitCommaFreeCookiesAtOnce(): void {
  replaceExport<SplitCookiesString>('set-cookie-parser', 'splitCookiesString', commaFreeFirst);
}
