// Server rendering, as Remix's documented entry with two choices of the portal's: the whole page is HTML before any
// script runs (decision 020: collected at React's onAllReady), and it is compressed whole (decision 048). The global
// CSS is a linked stylesheet (root.tsx); no page writes component styles at run time (decision 026).
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { NonceProvider } from './utils/nonce';
import { tidyDocument } from './utils/html-document.server';
import { encodeDocument } from './utils/document-encoding.server';
import { renderDocument } from './utils/render-document.server';

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  const rendered = await renderDocument(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    { nonce, abortDelay: ABORT_DELAY },
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Valid HTML: Remix's data scripts into the body (issue 9 item 21); compressed whole, here (decision 048).
  const body = encodeDocument(request, tidyDocument(rendered.html), responseHeaders);
  return new Response(body, { headers: responseHeaders, status: rendered.failed ? 500 : responseStatusCode });
}
