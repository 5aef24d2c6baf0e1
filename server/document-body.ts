// A page's finished bytes carried beside its Response (decision 059). entry.server has the whole document in memory
// (decision 020: every page is rendered before its first byte); handing it to Express through the Response's web
// stream cost a ReadableStream, its reader and a write per chunk on every page. With the portal's own adapter
// (server/page-handler.ts, which says so in the load context) the document travels as this property of a Response
// without a body and goes out in one `res.end`. Symbol.for: the Remix build and the server bundle each have a copy of
// this module, and must name the same property.
const DOCUMENT_BODY = Symbol.for('broadband-portal.document-body');

type Carrier = Response & { [DOCUMENT_BODY]?: string | Uint8Array };

/** A bodiless Response carrying `body` for the portal's adapter. */
export function responseWithDocument(body: string | Uint8Array, init: ResponseInit): Response {
  const response = new Response(null, init) as Carrier;
  response[DOCUMENT_BODY] = body;
  return response;
}

/** The bytes a Response carries for the portal's adapter, if it is one of those. */
export function documentBodyOf(response: Response): string | Uint8Array | undefined {
  return (response as Carrier)[DOCUMENT_BODY];
}
