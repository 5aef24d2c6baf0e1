// Requests and responses built as their Express app's own from the start (decision 061).
//
// Express re-parents every request and response it is handed: `expressInit`, its first middleware,
// calls `setPrototypeOf(req, app.request)` and `setPrototypeOf(res, app.response)`. V8 then gives that
// object a hidden class of its own, not shared with the requests before it: every property the
// middleware and routes set or read afterwards misses V8's caches, and the objects themselves outlive
// the next young-generation collection and are copied into the old one (a plain Express route over
// HTTP: about 80 µs of CPU and 5 KB promoted a request, against 40 µs and none without the re-parenting).
//
// A request built by a class whose prototype already is `app.request` is not re-parented: V8 leaves an
// object alone when it is given the prototype it has. So the HTTP server builds its requests and
// responses with these classes (Node's `IncomingMessage` / `ServerResponse` options), and so does the
// in-process API transport with its simulated ones (server/simulated-http.ts).
import type { Express } from 'express';
import express from 'express';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => object;

export interface ExpressClasses<Req extends Constructor, Res extends Constructor> {
  Request: Req;
  Response: Res;
  /** Makes these classes' prototypes `app.request` and `app.response` (with `app` on them): one app at a time. */
  adopt(app: Express): void;
}

/** Subclasses of `Request` and `Response` carrying Express's request and response methods. */
export function expressClasses<Req extends Constructor, Res extends Constructor>(Request: Req, Response: Res): ExpressClasses<Req, Res> {
  const AppRequest = class extends Request {};
  const AppResponse = class extends Response {};
  Object.defineProperties(AppRequest.prototype, Object.getOwnPropertyDescriptors(express.request));
  Object.defineProperties(AppResponse.prototype, Object.getOwnPropertyDescriptors(express.response));
  return {
    Request: AppRequest,
    Response: AppResponse,
    adopt(app) {
      // As Express's own app.request (`Object.create(request, { app: … })`): a writable, enumerable `app`.
      const owned = { configurable: true, enumerable: true, writable: true, value: app };
      Object.defineProperty(AppRequest.prototype, 'app', owned);
      Object.defineProperty(AppResponse.prototype, 'app', owned);
      app.request = AppRequest.prototype as Express['request'];
      app.response = AppResponse.prototype as Express['response'];
    },
  };
}
