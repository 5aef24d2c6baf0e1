// The UI alone, in front of an API that runs as its own service (`npm run serve:ui`, docs/decisions/018).
// This module is a Remix server build: `remix-serve build/ui/index.js` loads it as it would load
// build/index.js. It is that build (imported, not copied) with what remix-serve cannot give the app,
// having no middleware and no getLoadContext, added around the app's own code:
// - the load context (the portal's settings from the environment, a CSP nonce, the request's method),
//   filled in by the first loader, action or entry function of each request that finds it empty;
// - the security headers (the same list as the one-process portal's, server/edge.ts) with that nonce,
//   and no-store unless a route says otherwise, on every page, data and resource response;
// - the cross-site write refusal and the post size limits, before an action reads its body.
import type {
  ActionFunctionArgs, AppLoadContext, HandleDataRequestFunction, HandleDocumentRequestFunction, LoaderFunctionArgs, ServerBuild,
} from '@remix-run/node';
import { PORTAL_MSG } from '../domain/messages';
import { httpTransport } from './api-transport';
import { bodyRefusal, framingOf, isCrossSiteWrite, newNonce, securityHeaderList } from './edge';
import { readEnv, type Env } from './env';
import { portalConfig, sessionSecret, uiBodyLimits } from './ui-context';

function envForUi(): Env {
  try {
    const env = readEnv();
    if (!env.API_BASE_URL) throw new Error('serve:ui serves the UI alone: set API_BASE_URL to the API it shows (e.g. http://127.0.0.1:3001/api/v1, started with `npm run serve:api`).');
    return env;
  } catch (err) {
    // A setting is wrong: say which, without a stack trace, and do not start (as server.ts does).
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

const env = envForUi();
const portal = portalConfig(env, sessionSecret(env));
const api = httpTransport(env.API_BASE_URL!);
const limits = uiBodyLimits(env);
const app = (await import(new URL('../index.js', import.meta.url).href)) as ServerBuild;

/** The request's client as the proxy in front of the UI names it (only when TRUST_PROXY says there is one). */
function clientIp(request: Request): string | undefined {
  if (env.TRUST_PROXY === undefined || env.TRUST_PROXY === false) return undefined;
  const hops = request.headers.get('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
  return hops.at(-1);
}

/** The context the one-process portal passes through getLoadContext, made here once per request. */
function uiContext(context: AppLoadContext, request: Request): AppLoadContext {
  if (context.portal) return context;
  return Object.assign(context, { portal, api, cspNonce: newNonce(), requestMethod: request.method, secureRequest: new URL(request.url).protocol === 'https:', clientIp: clientIp(request) });
}

function setHeaders(headers: Headers, context: AppLoadContext, request: Request): void {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  for (const [name, value] of securityHeaderList(context.cspNonce ?? '', secure, framingOf(url.pathname, url.searchParams))) headers.set(name, value);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
}

/** A Response a route returned (a resource, a redirect) gets the same headers; some (fetch's own) are immutable. */
function withHeaders<T>(result: T, context: AppLoadContext, request: Request): T {
  if (result instanceof Response) {
    try {
      setHeaders(result.headers, context, request);
    } catch {
      // immutable headers: leave the response as it is
    }
  }
  return result;
}

type RouteModule = ServerBuild['routes'][string]['module'];

function refuseWrite(request: Request): void {
  const header = (name: string) => request.headers.get(name) ?? undefined;
  if (isCrossSiteWrite(request.method, header)) throw new Response(PORTAL_MSG.requestBlocked, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const refusal = bodyRefusal(request.method, header, limits);
  if (refusal) throw new Response(refusal.message, { status: refusal.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...(refusal.close ? { Connection: 'close' } : {}) } });
}

function wrapRoute(module: RouteModule): RouteModule {
  const { loader, action } = module;
  return {
    ...module,
    ...(loader && {
      loader: async (args: LoaderFunctionArgs) => withHeaders(await loader({ ...args, context: uiContext(args.context, args.request) }), args.context, args.request),
    }),
    ...(action && {
      action: async (args: ActionFunctionArgs) => {
        uiContext(args.context, args.request);
        refuseWrite(args.request);
        return withHeaders(await action(args), args.context, args.request);
      },
    }),
  };
}

const handleRequest: HandleDocumentRequestFunction = (request, status, headers, remixContext, loadContext) => {
  const context = uiContext(loadContext, request);
  setHeaders(headers, context, request);
  return app.entry.module.default(request, status, headers, remixContext, context);
};

const handleDataRequest: HandleDataRequestFunction = async (response, args) => {
  const context = uiContext(args.context, args.request);
  const answer = app.entry.module.handleDataRequest ? await app.entry.module.handleDataRequest(response, args) : response;
  return withHeaders(answer, context, args.request);
};

export const entry: ServerBuild['entry'] = { module: { ...app.entry.module, default: handleRequest, handleDataRequest } };
export const routes: ServerBuild['routes'] = Object.fromEntries(
  Object.entries(app.routes).map(([id, route]) => [id, { ...route, module: wrapRoute(route.module) }]),
);
export const { assets, assetsBuildDirectory, future, mode, publicPath } = app;
