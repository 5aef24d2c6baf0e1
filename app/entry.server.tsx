// Server rendering: the whole page is HTML before any script runs, rendered to one string (decision 060). The global
// CSS is a linked stylesheet (root.tsx); emotion writes the few component styles a page needs inline, through a cache
// of this response that puts the CSP nonce on each <style> (docs/decisions/013).
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { CacheProvider } from '@emotion/react';
import { makeEmotionCache } from './styles/emotion-cache';
import { NonceProvider } from './utils/nonce';
import { RouteFailedContext } from './components/kept-markup';
import { tidyDocument } from './utils/html-document.server';
import { keepMarkup, scriptsAfterFirstPaint } from './utils/scripts-after-paint.server';
import { encodeDocument } from './utils/document-encoding.server';
import { readPageData, renderDocument, type RenderedDocument } from './utils/render-document.server';
import { responseWithDocument } from '../server/document-body';

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  // Everything is rendered before the first byte, so pages without JavaScript are complete, and the page is answered
  // as one body (decision 020).
  await readPageData(remixContext, ABORT_DELAY);
  // On a render thread when the process has one (decision 078); here when it has none, or the page is not one it takes.
  const rendered = (await loadContext.renderThreads?.render(remixContext, request.url, nonce)) ?? (await renderPage(remixContext, request.url, nonce));
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Compressed whole, here, rather than streamed through the compression middleware (decision 048).
  const body = encodeDocument(request, rendered.html, responseHeaders);
  const init = { headers: responseHeaders, status: rendered.failed ? 500 : responseStatusCode };
  // Under the portal's own page handler the finished bytes go beside the Response, not through a web stream (decision
  // 059); any other server (remix-serve in npm run serve:ui) gets them as its body.
  return loadContext.wholeDocuments ? responseWithDocument(body, init) : new Response(body, init);
}

/**
 * The page's finished document from its context (its data already read): rendered, then made valid and finished. The
 * part of a page's answer that needs nothing of the request but its URL and nonce, so a render thread runs it too
 * (server/render-thread.ts).
 */
export async function renderPage(remixContext: EntryContext, url: string, nonce: string): Promise<RenderedDocument> {
  const rendered = await renderDocument(
    () => (
      <NonceProvider value={nonce}>
        <RouteFailedContext.Provider value={Boolean(remixContext.staticHandlerContext.errors)}>
          <CacheProvider value={makeEmotionCache(nonce)}>
            <RemixServer context={remixContext} url={url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </CacheProvider>
        </RouteFailedContext.Provider>
      </NonceProvider>
    ),
    { nonce, abortDelay: ABORT_DELAY },
  );
  // Valid HTML: emotion's styles into the head, Remix's data scripts into the body (issue 9 item 21). The page's
  // scripts start after its first paint (decision 056); they and the head's links are written once for each shape of
  // page (decisions 072, 073).
  return { ...rendered, html: keepMarkup(scriptsAfterFirstPaint(tidyDocument(rendered.html)), remixContext.renderMeta, nonce) };
}
