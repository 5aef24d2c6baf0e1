// Server rendering: the whole page is HTML before any script runs. The global CSS is a linked stylesheet
// (root.tsx); emotion writes the few component styles a page needs inline, through a cache of this response
// that puts the CSP nonce on each <style> (docs/decisions/013).
import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { CacheProvider } from '@emotion/react';
import { makeEmotionCache } from './styles/emotion-cache';
import { NonceProvider } from './utils/nonce';
import { tidyDocument } from './utils/html-document.server';
import { scriptsAfterFirstPaint } from './utils/scripts-after-paint.server';
import { encodeDocument } from './utils/document-encoding.server';
import { responseWithDocument } from '../server/document-body';

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <CacheProvider value={makeEmotionCache(nonce)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </CacheProvider>
      </NonceProvider>,
      {
        nonce,
        // Everything is rendered before the first byte, so pages without JavaScript are complete. The page is
        // answered as one body: React writes it in 2 KB pieces, and each piece streamed on its own cost a
        // compression call and a socket write (about a fifth of a small page's server CPU; decision 020).
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          // No 'close' event: React ends the destination itself when it sees one, a second end() that costs an
          // error object a page.
          const body = new Writable({
            emitClose: false,
            write(chunk: Buffer | string, _encoding, done) {
              chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              // Valid HTML: emotion's styles into the head, Remix's data scripts into the body (issue 9 item 21).
              // The page's scripts start after its first paint (decision 056).
              const html = scriptsAfterFirstPaint(tidyDocument(Buffer.concat(chunks).toString('utf8')));
              // Compressed whole, here, rather than streamed through the compression middleware (decision 048).
              const body = encodeDocument(request, html, responseHeaders);
              const init = { headers: responseHeaders, status: responseStatusCode };
              // Under the portal's own page handler the finished bytes go beside the Response, not through a web
              // stream (decision 059); any other server (remix-serve in npm run serve:ui) gets them as its body.
              resolve(loadContext.wholeDocuments ? responseWithDocument(body, init) : new Response(body, init));
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
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
