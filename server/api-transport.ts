// How the UI (and the API test suite) reach /api/v1: in the same process through the API's own Express
// router (embedded mode), or over HTTP when the API runs elsewhere (API_BASE_URL). Both speak the same
// requests and answers; the caller (app/utils/api.server.ts callApi) does not know which it has.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import express, { type Request as ExpressRequest, type Response as ExpressResponse, type Router } from 'express';
import { expressClasses } from './express-classes';
import { answerLifetime, stillKept, type Lifetime } from '../api/process-cache';
import { jsonValue } from './json-value';
import { SimulatedAnswer, SimulatedRequest, SimulatedResponse, type SimulatedCall, type SimulatedDone } from './simulated-http';

export interface ApiCall {
  method: string;
  /** The address under /api/v1, with its query: '/users/me', '/applications?page=2'. */
  path: string;
  headers: Record<string, string>;
  /** JSON or other text as sent; a FormData is sent as multipart (uploads). */
  body?: string | FormData;
  /**
   * Identities verified earlier in the same UI request, by token (in-process only): a call with one of
   * these tokens is not authenticated again, and a call that authenticates a token adds it here.
   */
  verified?: Map<string, unknown>;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /**
   * The JSON answer as a value, when the transport has it without reading the text (in-process: what the API gave
   * `res.json`, as JSON.parse would give it; decision 070). Its `text` is then written only when read.
   */
  json?: unknown;
}

/**
 * An answer carried as its JSON value: `text` is that value's JSON, written the first time it is read. A class, with
 * `text` on its prototype: an object literal with a getter kept its value (every row of a list) past V8's young
 * collections (decision 080).
 */
function valueAnswer(status: number, headers: Record<string, string>, json: unknown): ApiAnswer {
  return new ValueAnswer(status, headers, json);
}

class ValueAnswer implements ApiAnswer {
  #text: string | undefined;
  constructor(readonly status: number, readonly headers: Record<string, string>, readonly json: unknown) {}
  get text(): string {
    return (this.#text ??= JSON.stringify(this.json));
  }
}

/**
 * A copy of an answer for another caller (with `status` when given): a carried value is copied, as each caller may
 * change the one it is given; a text answer is the same text.
 */
export function copyOfAnswer(answer: ApiAnswer, status = answer.status): ApiAnswer {
  return answer.json !== undefined
    ? valueAnswer(status, { ...answer.headers }, jsonValue(answer.json))
    : { status, headers: { ...answer.headers }, text: answer.text };
}

/** An answer whose body is read as it comes (the exports: XLSX, ZIP), never held whole. */
export interface ApiStreamAnswer {
  status: number;
  headers: Record<string, string>;
  body: Readable;
}

export interface ApiTransport {
  readonly kind: 'in-process' | 'http';
  send(call: ApiCall): Promise<ApiAnswer>;
  /** A GET whose answer is streamed (with backpressure: the API writes as fast as the body is read). */
  stream(call: Omit<ApiCall, 'body' | 'verified'>): Promise<ApiStreamAnswer>;
}

const API_PREFIX = '/api/v1';
/** Kept answers of the in-process transport at most (then it starts again), as api/process-cache.ts's caches. */
const KEPT_ANSWERS_LIMIT = 10_000;

/** The bearer token of a call, when it carries one. */
function callToken(headers: Record<string, string>): string | undefined {
  const value = headers.Authorization ?? headers.authorization;
  const match = value ? /^Bearer (\S+)$/i.exec(value) : null;
  return match?.[1];
}

/** A multipart body and its content type (with the boundary), as fetch would send the FormData. */
async function multipart(form: FormData): Promise<{ contentType: string; payload: Buffer }> {
  const encoded = new Response(form);
  return { contentType: encoded.headers.get('content-type')!, payload: Buffer.from(await encoded.arrayBuffer()) };
}

/**
 * An Express app whose requests and responses are the in-process API's simulated ones (server/simulated-http.ts) with
 * Express's methods on top, for this app only (Express's shared prototypes stay as they are: the portal's HTTP server
 * keeps real ones), and `dispatch`, which hands it one call after `prepare` has seen the request and response. The
 * simulated request and response are built as this app's own, so Express does not re-parent them (decision 061).
 */
export function simulatedExpressApp(options: { jsonValues?: boolean } = {}) {
  const classes = expressClasses(SimulatedRequest, SimulatedResponse);
  if (options.jsonValues) Object.defineProperty(classes.Response.prototype, 'json', { value: answerWithValue, configurable: true, writable: true });
  const app = express();
  classes.adopt(app);
  app.disable('x-powered-by');
  app.disable('etag');
  return {
    app,
    dispatch(call: SimulatedCall, done: SimulatedDone, prepare?: (req: Dispatched, res: ServerResponse) => void): void {
      const req = new classes.Request(call);
      const res = new classes.Response(req, done);
      // As over a socket: a request that fails or is destroyed early ends its response.
      req.once('error', (error) => {
        if (req.destroyed) res.destroy(error);
      });
      req.once('close', () => {
        if (req.destroyed && !(req as SimulatedRequest & { _error?: boolean })._error) res.destroy();
      });
      prepare?.(req as unknown as Dispatched, res);
      app(req as unknown as ExpressRequest, res as unknown as ExpressResponse);
    },
  };
}

type Dispatched = IncomingMessage & { auth?: unknown };

/** Where `answerWithValue` leaves the value of a response's JSON. */
const JSON_VALUE = Symbol('json value');
type ValueResponse = ExpressResponse & { [JSON_VALUE]?: unknown };

/**
 * `res.json` of the in-process API (decision 070): keeps the answer's value as JSON.parse would read it back
 * (json-value.ts), with the header Express would write, and ends the response with no body; the transport hands the
 * value to the UI. The answers Express would write differently are left to it: no body (HEAD, 204, 304), no value,
 * the app's own JSON settings, or the old `res.json(status, body)`.
 */
function answerWithValue(this: ValueResponse, ...args: unknown[]): ExpressResponse {
  const [body] = args;
  const { app, req, statusCode } = this;
  if (args.length !== 1 || body === undefined || req.method === 'HEAD' || statusCode === 204 || statusCode === 304 ||
    app.get('json replacer') || app.get('json spaces') || app.get('json escape')) {
    return (express.response.json as (...a: unknown[]) => ExpressResponse).apply(this, args);
  }
  const value = jsonValue(body);
  // As res.send writes it: the route's type or JSON's, with charset utf-8.
  const type = this.get('Content-Type') ?? 'application/json';
  this.set('Content-Type', /;\s*charset=/i.test(type) ? type.replace(/charset=[^;]*/i, 'charset=utf-8') : `${type}; charset=utf-8`);
  this[JSON_VALUE] = value;
  this.end();
  return this;
}

/**
 * Calls dispatched to the API router in this process as simulated requests (server/simulated-http.ts, no socket): the same
 * middleware, authentication, validation, error mapping and JSON as over HTTP. The simulated client
 * is loopback (127.0.0.1), so the API reads the browser's address from X-Forwarded-For (api/http.ts
 * clientIp); the header is always set, so these calls are never "direct loopback" (the dev outbox
 * stays unreadable through the UI, as over HTTP).
 */
export function inProcessTransport(api: Router): ApiTransport {
  const { app, dispatch } = simulatedExpressApp({ jsonValues: true });
  const answered = (resolve: (response: SimulatedAnswer) => void, reject: (error: Error) => void) =>
    (error: Error | null, response: SimulatedAnswer | null) => {
      if (error || !response) reject(error ?? new Error('No answer from the in-process API'));
      else resolve(response);
    };
  app.use(API_PREFIX, api);
  // GET answers the API built from values it keeps (api/process-cache.ts: the profile, the unread counts), by token
  // and address, given again while those values are kept: every signed-in page asks for both (decision 063).
  const keptAnswers = new Map<string, { lifetime: Lifetime; answer: ApiAnswer; auth: unknown }>();
  return {
    kind: 'in-process',
    async send(call) {
      const headers: Record<string, string> = { ...call.headers };
      const token = callToken(headers);
      const keptKey = call.method === 'GET' && token ? `${token} ${call.path}` : undefined;
      const kept = keptKey ? keptAnswers.get(keptKey) : undefined;
      if (kept && stillKept(kept.lifetime)) {
        if (call.verified && !call.verified.has(token!)) call.verified.set(token!, kept.auth);
        return copyOfAnswer(kept.answer);
      }
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'x-forwarded-for')) headers['X-Forwarded-For'] = 'unknown';
      let payload: string | Buffer | undefined;
      if (call.body instanceof FormData) {
        const encoded = await multipart(call.body);
        headers['Content-Type'] = encoded.contentType;
        payload = encoded.payload;
      } else {
        payload = call.body;
      }
      const known = token ? call.verified?.get(token) : undefined;
      let dispatched: Dispatched | undefined;
      let served: ServerResponse | undefined;
      const answer = await new Promise<SimulatedAnswer>((resolve, reject) => {
        dispatch({ method: call.method, url: API_PREFIX + call.path, headers, payload }, answered(resolve, reject), (req, res) => {
          dispatched = req;
          served = res;
          // Verified earlier in this UI request: the API's guards take it as this request's identity.
          if (known) req.auth = known;
        });
      });
      if (token && call.verified) {
        // Signing out ends the token for the rest of this request too.
        if (call.path.startsWith('/logout')) call.verified.delete(token);
        else if (!known && dispatched?.auth && answer.statusCode < 400) call.verified.set(token, dispatched.auth);
      }
      const value = (served as ValueResponse | undefined)?.[JSON_VALUE];
      const result: ApiAnswer =
        value !== undefined
          ? valueAnswer(answer.statusCode, flatHeaders(answer.headers), value)
          : { status: answer.statusCode, headers: flatHeaders(answer.headers), text: answer.payload };
      const lifetime = keptKey && answer.statusCode === 200 && served ? answerLifetime(served) : undefined;
      if (lifetime && dispatched?.auth) {
        if (keptAnswers.size >= KEPT_ANSWERS_LIMIT) keptAnswers.clear();
        keptAnswers.set(keptKey!, { lifetime, answer: copyOfAnswer(result), auth: dispatched.auth });
      }
      return result;
    },
    async stream(call) {
      const headers: Record<string, string> = { ...call.headers };
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'x-forwarded-for')) headers['X-Forwarded-For'] = 'unknown';
      // payloadAsStream: the answer comes at its head, its body a Readable the API's writes are pushed into.
      let served: ServerResponse | undefined;
      const answer = await new Promise<SimulatedAnswer>((resolve, reject) => {
        dispatch({ method: 'GET', url: API_PREFIX + call.path, headers, payloadAsStream: true }, answered(resolve, reject), (_req, res) => {
          served = res;
        });
      });
      const body = answer.stream();
      // A reader that stops early (the browser cancelled the download) closes the API's response, as a socket would.
      body.once('close', () => {
        if (served && !served.writableFinished) served.destroy();
      });
      return { status: answer.statusCode, headers: flatHeaders(answer.headers), body };
    },
  };
}

function flatHeaders(raw: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** Calls over HTTP to an API at `baseUrl` (…/api/v1): the separate-API deployment, and the HTTP run of the API suite. */
export function httpTransport(baseUrl: string): ApiTransport {
  const base = baseUrl.replace(/\/$/, '');
  return {
    kind: 'http',
    async send(call) {
      const response = await fetch(base + call.path, { method: call.method, headers: call.headers, body: call.body });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return { status: response.status, headers, text: await response.text() };
    },
    async stream(call) {
      const response = await fetch(base + call.path, { method: 'GET', headers: call.headers });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const body = response.body ? Readable.fromWeb(response.body as import('node:stream/web').ReadableStream) : Readable.from([]);
      return { status: response.status, headers, body };
    },
  };
}
