// How the UI (and the API test suite) reach /api/v1: in the same process through the API's own Express router
// (embedded mode), or over HTTP when the API runs elsewhere (API_BASE_URL). Both speak the same requests and answers
// (domain/api-call.ts); the caller (app/utils/api.server.ts callApi) does not know which it has.
//
// In this process a call is HTTP over a pair of in-memory streams, with Node's documented interfaces only (decision
// 096): an `http.request` whose `createConnection` gives one end, and an `http.Server` (never listening) handed the
// other end as a connection (its 'connection' event takes any Duplex). The API sees a real IncomingMessage and
// ServerResponse: the same middleware, authentication, validation, error mapping and JSON as over a socket, and a
// streamed answer (the exports) has the streams' backpressure.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Duplex, Readable } from 'node:stream';
import express, { type Router } from 'express';
import { answerLifetime, stillKept, type Lifetime } from '../api/process-cache';
import { copyOfAnswer, type ApiAnswer, type ApiTransport } from '../domain/api-call';

export type { ApiAnswer, ApiCall, ApiStreamAnswer, ApiTransport } from '../domain/api-call';
export { copyOfAnswer } from '../domain/api-call';

const API_PREFIX = '/api/v1';
/** Kept answers of the in-process transport at most (then it starts again), as api/process-cache.ts's caches. */
const KEPT_ANSWERS_LIMIT = 10_000;
/** Names the call a request belongs to, between this module's client and its server (nothing else reaches them). */
const CALL_HEADER = 'x-in-process-call';

/**
 * One end of an in-memory connection: what is written to it is read from the other end. A write waits (its callback)
 * until the other end's reader wants more, so a slow reader slows the writer, as a socket does.
 */
class MemoryEnd extends Duplex {
  other!: MemoryEnd;
  #pending: (() => void) | undefined;
  /** The API reads the client's address from the socket: the portal's own UI, on this machine. */
  readonly remoteAddress = '127.0.0.1';
  readonly remotePort = 0;

  _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.other.push(chunk)) done();
    else this.other.#pending = done;
  }

  _final(done: (error?: Error | null) => void): void {
    this.other.push(null);
    done();
  }

  _read(): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.();
  }

  _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (!this.other.destroyed) this.other.destroy();
    done(error);
  }

  // What Node's HTTP client and server ask of a socket; an in-memory one has no timer, delay or keep-alive.
  setTimeout(): this {
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }
}

function memoryConnection(): [MemoryEnd, MemoryEnd] {
  const a = new MemoryEnd({ allowHalfOpen: true });
  const b = new MemoryEnd({ allowHalfOpen: true });
  a.other = b;
  b.other = a;
  return [a, b];
}

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

type Dispatched = IncomingMessage & { auth?: unknown };
type Prepare = (req: Dispatched, res: ServerResponse) => void;

/** The headers of a call, with X-Forwarded-For always set (see inProcessTransport). */
function forwarded(headers: Record<string, string>): Record<string, string> {
  const out = { ...headers };
  if (!Object.keys(out).some((name) => name.toLowerCase() === 'x-forwarded-for')) out['X-Forwarded-For'] = 'unknown';
  return out;
}

/**
 * Calls dispatched to the API router in this process (no socket): the client is loopback (127.0.0.1), so the API
 * reads the browser's address from X-Forwarded-For (api/http.ts clientIp); the header is always set, so these calls
 * are never "direct loopback" (the dev outbox stays unreadable through the UI, as over HTTP).
 */
export function inProcessTransport(api: Router): ApiTransport {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(API_PREFIX, api);
  /** What each call in flight wants to see of its request and response before the API has them. */
  const prepares = new Map<string, Prepare>();
  let calls = 0;
  const server = http.createServer({ requestTimeout: 0, headersTimeout: 0, keepAliveTimeout: 0 }, (req, res) => {
    const id = req.headers[CALL_HEADER];
    delete req.headers[CALL_HEADER];
    if (typeof id === 'string') prepares.get(id)?.(req, res);
    app(req as Parameters<typeof app>[0], res as Parameters<typeof app>[1]);
  });

  /** One call: its answer's head, and its body as a stream. */
  function dispatch(method: string, path: string, headers: Record<string, string>, payload: string | Buffer | undefined, prepare: Prepare): Promise<IncomingMessage> {
    const id = String(++calls);
    prepares.set(id, prepare);
    // The address as fetch sends it over HTTP (spaces and other characters percent-encoded).
    const url = new URL(API_PREFIX + path, 'http://api.in-process');
    return new Promise((resolve, reject) => {
      const request = http.request({
        method,
        path: url.pathname + url.search,
        host: 'api.in-process',
        headers: { ...headers, [CALL_HEADER]: id, ...(payload !== undefined ? { 'Content-Length': String(Buffer.byteLength(payload)) } : {}) },
        createConnection: () => {
          const [client, served] = memoryConnection();
          server.emit('connection', served);
          return client as unknown as import('node:net').Socket;
        },
      });
      request.once('response', (answer) => {
        prepares.delete(id);
        resolve(answer);
      });
      request.once('error', (error) => {
        prepares.delete(id);
        reject(error);
      });
      request.end(payload);
    });
  }

  async function readWhole(answer: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of answer) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  // GET answers the API built from values it keeps (api/process-cache.ts: the profile, the unread counts), by token
  // and address, given again while those values are kept: every signed-in page asks for both (decision 063).
  const keptAnswers = new Map<string, { lifetime: Lifetime; answer: ApiAnswer; auth: unknown }>();
  return {
    kind: 'in-process',
    async send(call) {
      const headers = forwarded(call.headers);
      const token = callToken(headers);
      const keptKey = call.method === 'GET' && token ? `${token} ${call.path}` : undefined;
      const kept = keptKey ? keptAnswers.get(keptKey) : undefined;
      if (kept && stillKept(kept.lifetime)) {
        if (call.verified && !call.verified.has(token!)) call.verified.set(token!, kept.auth);
        return copyOfAnswer(kept.answer);
      }
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
      const answer = await dispatch(call.method, call.path, headers, payload, (req, res) => {
        dispatched = req;
        served = res;
        // Verified earlier in this UI request: the API's guards take it as this request's identity.
        if (known) req.auth = known;
      });
      const text = await readWhole(answer);
      const status = answer.statusCode ?? 500;
      if (token && call.verified) {
        // Signing out ends the token for the rest of this request too.
        if (call.path.startsWith('/logout')) call.verified.delete(token);
        else if (!known && dispatched?.auth && status < 400) call.verified.set(token, dispatched.auth);
      }
      const result: ApiAnswer = { status, headers: flatHeaders(answer.headers), text };
      const lifetime = keptKey && status === 200 && served ? answerLifetime(served) : undefined;
      if (lifetime && dispatched?.auth) {
        if (keptAnswers.size >= KEPT_ANSWERS_LIMIT) keptAnswers.clear();
        keptAnswers.set(keptKey!, { lifetime, answer: copyOfAnswer(result), auth: dispatched.auth });
      }
      return result;
    },
    async stream(call) {
      let served: ServerResponse | undefined;
      const answer = await dispatch('GET', call.path, forwarded(call.headers), undefined, (_req, res) => {
        served = res;
      });
      // A reader that stops early (the browser cancelled the download) closes the API's response, as a socket would.
      answer.once('close', () => {
        if (served && !served.writableFinished) served.destroy();
      });
      return { status: answer.statusCode ?? 500, headers: flatHeaders(answer.headers), body: answer };
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
