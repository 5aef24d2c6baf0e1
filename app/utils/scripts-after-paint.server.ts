// The page's scripts start after its first paint (decision 056). Remix's <Scripts> asks for every module of the
// page at once (a <link rel="modulepreload"> each, 30-40 of them) and starts the app from an inline module script,
// so on a slow connection the scripts share the first round trips with the stylesheets and fonts the first paint
// waits for. The portal works without JavaScript, so a person is better served by seeing the page first: the
// server's document keeps the data scripts as they are and swaps the preloads and the module script for one small
// classic script that, at the first frame after the stylesheets have loaded, adds the same preloads and the same
// module script. The app then hydrates as before, one frame later.
//
// <Scripts> is rendered on the server only (root.tsx): what it wrote is then the tail of <body>, which React's
// hydration leaves alone, so the document may differ from what <Scripts> would render in the browser.

import { KEPT_MARKUP, keepFrom, keepMarkupOf, keptPlace, keepTo, NONCE_MARK, type KeptMarkupNotes, type KeptPart } from './kept-markup';

const PRELOAD = /<link rel="modulepreload" href="([^"<>]+)"\/>/g;
const START = /<script nonce="([^"<>]*)" type="module" async="">([\s\S]*?)<\/script>/;

/** A string as a JavaScript literal that is safe inside a <script> element. */
const literal = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function scriptsAfterFirstPaint(document: string): string {
  // <Scripts> writes the preloads and the start at the end of the body: only that tail is read and rewritten, not the
  // whole page three times over.
  const module = document.indexOf(' type="module" async="">');
  if (module < 0) return document;
  const preload = document.indexOf('<link rel="modulepreload"');
  const startTag = document.lastIndexOf('<script', module);
  const cut = preload >= 0 && preload < startTag ? preload : startTag;
  if (cut < 0) return document;
  const html = document.slice(cut);
  const start = START.exec(html);
  if (!start) return document;
  const [tag, nonce, code] = start;
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  // After the first frame (requestAnimationFrame runs once the stylesheets are in and a frame is about to be
  // painted; the timeout lets that paint happen first). A page opened in the background starts at once, and a
  // browser that never gives a frame starts after a second.
  const boot =
    `(function(){var p=${literal(preloads)},c=${literal(code)},n=${literal(nonce)},d=!1;` +
    'function go(){if(d)return;d=!0;for(var i=0;i<p.length;i++){var l=document.createElement("link");' +
    'l.rel="modulepreload";l.href=p[i];document.head.appendChild(l)}var s=document.createElement("script");' +
    's.type="module";s.nonce=n;s.textContent=c;document.body.appendChild(s)}' +
    'if(document.visibilityState==="hidden")go();else{requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1e3)}})();';
  return document.slice(0, cut) + html.replace(PRELOAD, '').replace(tag, () => `<script nonce="${nonce}">${boot}</script>`);
}

/**
 * The parts <KeptMarkup> wrote (decisions 072, 073, 077), on the finished document (after scriptsAfterFirstPaint): a
 * kept part goes in its place with this page's nonce; a part written between the markers is kept for the next page of
 * its shape (the nonce taken out), and the markers go. What it writes is what the part itself would have written.
 * Every place and marker is found in the document as it came, and the pieces are joined once: each edit of the whole
 * page made another copy of it (decision 077).
 */
export function keepMarkup(document: string, renderMeta: object | undefined, nonce: string): string {
  const notes = (renderMeta as { [KEPT_MARKUP]?: KeptMarkupNotes } | undefined)?.[KEPT_MARKUP];
  if (!notes) return document;
  /** What replaces each found place or marker: [start, end, text]. */
  const edits: [number, number, string][] = [];
  for (const part of Object.keys(notes) as KeptPart[]) {
    const note = notes[part]!;
    if (note.markup !== undefined) {
      const place = keptPlace(part);
      const at = document.indexOf(place);
      if (at < 0) continue;
      edits.push([at, at + place.length, nonce ? note.markup.split(NONCE_MARK).join(nonce) : note.markup]);
      continue;
    }
    const from = keepFrom(part);
    const to = keepTo(part);
    const start = document.indexOf(from);
    const end = start < 0 ? -1 : document.indexOf(to, start);
    if (end < 0) continue;
    const markup = document.slice(start + from.length, end);
    keepMarkupOf(note.key, nonce ? markup.split(nonce).join(NONCE_MARK) : markup);
    edits.push([start, start + from.length, ''], [end, end + to.length, '']);
  }
  if (edits.length === 0) return document;
  // The parts are apart from each other (the head's links, the menu, the scripts at the end of the body).
  edits.sort((a, b) => a[0] - b[0]);
  const pieces: string[] = [];
  let at = 0;
  for (const [start, end, text] of edits) {
    pieces.push(document.slice(at, start), text);
    at = end;
  }
  pieces.push(document.slice(at));
  return pieces.join('');
}
