// A page read's loaders get the page's request itself when Remix's copy of it would be the same (issue 8, decision
// 064). For every loader of a page, @remix-run/server-runtime's callRouteLoader takes `index` and then `_routes` out of
// the request's address (stripIndexParam, stripRoutesParam): two new Requests a loader, each with its own Headers copy
// and AbortSignal following the page's, 0.1-0.3 ms of a three-loader page's CPU on this project's machines. For a GET
// or HEAD whose address carries neither parameter, the copies differ from the request in nothing a loader can read
// (the same address, method, headers, no body, and a signal that aborts with the page's), so the loader is called as
// callRouteLoader calls it (single fetch: a value, or a deferred value's redirect), with the request itself. Anything
// else, and an address that the copies would write differently (URLSearchParams re-encodes a query it changes), goes
// through Remix's own function.
import { createRequire } from 'node:module';
import { replaceExport } from './replace-export';

interface LoaderCall {
  request: Request;
  loadContext: unknown;
  params: unknown;
  routeId: string;
  singleFetch: boolean;
  loader: (args: { request: Request; context: unknown; params: unknown }) => unknown;
}
type CallRouteLoader = (call: LoaderCall) => Promise<unknown>;

interface RemixResponses {
  isDeferredData(value: unknown): value is { init?: ResponseInit };
  isRedirectStatusCode(status: number): boolean;
  redirect(url: string, init?: ResponseInit): Response;
}

/** Whether Remix's copies of this request for a loader would carry the very same address. */
export function addressUnchangedByCopies(url: string): boolean {
  const query = url.indexOf('?');
  if (query === -1) return true;
  const copied = new URL(url);
  if (copied.searchParams.has('index') || copied.searchParams.has('_routes')) return false;
  // What stripIndexParam does to a query without `index`: delete (which writes the query again) and append nothing.
  copied.searchParams.delete('index');
  return copied.href === url;
}

/** callRouteLoader giving a page read's loader the request itself when its copies would be the same (see above). */
export function sharingCallRouteLoader(original: CallRouteLoader, responses: RemixResponses): CallRouteLoader {
  const unchanged = new WeakMap<Request, boolean>();
  return async (call) => {
    const { request } = call;
    if (!call.singleFetch || (request.method !== 'GET' && request.method !== 'HEAD')) return original(call);
    let same = unchanged.get(request);
    if (same === undefined) unchanged.set(request, (same = addressUnchangedByCopies(request.url)));
    if (!same) return original(call);
    const result = await call.loader({ request, context: call.loadContext, params: call.params });
    if (result === undefined) {
      throw new Error(`You defined a loader for route "${call.routeId}" but didn't return anything from your \`loader\` function. Please return a value or \`null\`.`);
    }
    if (responses.isDeferredData(result) && result.init && responses.isRedirectStatusCode(result.init.status || 200)) {
      return responses.redirect(new Headers(result.init.headers).get('Location')!, result.init);
    }
    return result;
  };
}

/** Puts sharingCallRouteLoader in the module Remix's route loaders call it from on each call (once per process). */
export function shareLoaderRequests(): void {
  const responses = createRequire(import.meta.url)('@remix-run/server-runtime/dist/responses.js') as RemixResponses;
  replaceExport<CallRouteLoader>('@remix-run/server-runtime/dist/data.js', 'callRouteLoader', (original) => sharingCallRouteLoader(original, responses));
}
