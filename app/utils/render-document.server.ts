// A page rendered whole before its first byte (decision 020), with React's documented streaming renderer: the
// document is collected at `onAllReady`, when every Suspense boundary (Remix's data scripts included) has resolved,
// so a page without JavaScript is complete and is answered as one body (decision 096).
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/** What a render gave: the document, and whether a part of it failed (the page then answers 500). */
export type RenderedDocument = { html: string; failed: boolean };

/**
 * The document `element` renders, as one string, all of it before resolving: rejects when the shell fails, reports
 * a failed boundary as `failed`, and gives up waiting after `abortDelay` (what was rendered is used).
 */
export function renderDocument(element: ReactElement, { nonce, abortDelay }: { nonce: string; abortDelay: number }): Promise<RenderedDocument> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: nonce || undefined,
      onAllReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Buffer | string, _encoding, done) {
            chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
            done();
          },
          final(done) {
            clearTimeout(timer);
            resolve({ html: Buffer.concat(chunks).toString('utf8'), failed });
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
