// A page rendered to one string (decision 060). Every page is rendered whole before its first byte (decision 020), so
// React's streaming renderer bought nothing but its cost: it writes the document in 2 KB byte views, encoding each
// piece of text on its own, schedules its work on timers, and the pieces were then joined and decoded again for
// tidyDocument. What made it necessary is Remix's single-fetch data: <RemixServer> renders the page's data scripts from
// a stream (`serverHandoffStream`) through a component that suspends on each read, so a synchronous render could not
// write them.
//
// Here that stream is read first, whole, and put where that component looks for it (`renderMeta.streamCache`, a field
// of Remix's EntryContext), as one chunk followed by the end; nothing suspends then, and `renderToString` writes the
// same document (tests/unit/render-document.test.ts compares both renderers through Remix's own server runtime). A
// page whose render suspends or fails anyway is rendered again by the streaming renderer, so its status and errors are
// what they were.
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { EntryContext } from '@remix-run/node';
import { TURBO_TEXT } from '../../server/turbo-encode';
import { withPageData } from '../../server/page-data';

/**
 * Reads Remix's data stream for the page's scripts to its end (or for `timeoutMs`, the render's abort delay, after
 * which it is cancelled and what was read is used), and leaves it for <RemixServer> as already read (server/page-data.ts).
 */
export async function readPageData(context: EntryContext, timeoutMs: number): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta || context.renderMeta.streamCache) return;
  // Plain page data is written at once, its text beside its stream (server/turbo-encode.ts, decision 071): nothing to read.
  const written = (stream as { [TURBO_TEXT]?: string })[TURBO_TEXT];
  if (typeof written === 'string') {
    withPageData(context, written);
    return;
  }
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') {
        void reader.cancel().catch(() => undefined);
        break;
      }
      if (next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
  }
  text += decoder.decode();
  withPageData(context, text);
}

/**
 * What a render gave: the document, whether a part of it failed (the page then answers 500), and which renderer wrote
 * it ('string' for every page today; 'stream' when something suspended or failed).
 */
export type RenderedDocument = { html: string; failed: boolean; via: 'string' | 'stream' };

/**
 * The document `element()` renders, as one string. `renderToString` when nothing suspends and nothing fails (after
 * readPageData, every page); otherwise the streaming renderer, all of it before resolving, which rejects when the
 * shell fails and reports a failed boundary as `failed`.
 */
export async function renderDocument(element: () => ReactElement, options: { nonce: string; abortDelay: number }): Promise<RenderedDocument> {
  let html: string | undefined;
  try {
    html = renderToString(element());
  } catch {
    html = undefined; // rendered again below, where the failure is reported as before
  }
  // `<!--$!` marks a boundary React left for the browser to render: something suspended or failed inside it.
  if (html !== undefined && !html.includes('<!--$!')) {
    // The streaming renderer writes the doctype before a root <html>; renderToString does not.
    return { html: html.startsWith('<html') ? `<!DOCTYPE html>${html}` : html, failed: false, via: 'string' };
  }
  return renderStreamed(element(), options);
}

function renderStreamed(element: ReactElement, { nonce, abortDelay }: { nonce: string; abortDelay: number }): Promise<RenderedDocument> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        // No 'close' event: React ends the destination itself when it sees one, a second end() that costs an error
        // object a page.
        const body = new Writable({
          emitClose: false,
          write(chunk: Buffer | string, _encoding, done) {
            chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
            done();
          },
          final(done) {
            clearTimeout(timer);
            resolve({ html: Buffer.concat(chunks).toString('utf8'), failed, via: 'stream' });
            done();
          },
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        if (shellRendered) console.error(error);
      },
    });
    const timer = setTimeout(abort, abortDelay);
  });
}
