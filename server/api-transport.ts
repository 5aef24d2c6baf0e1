// How the UI (and the API test suite) reach /api/v1: in the same process through the API's own Express router
// (embedded mode), or over HTTP when the API runs elsewhere (API_BASE_URL). Both speak the same requests and answers
// (domain/api-call.ts); the caller (app/utils/api.server.ts callApi) does not know which it has.
//
// In this process a call is a plain Node request and response pair made by light-my-request's documented `inject`
// (no socket), handed to an Express app that mounts the API router: the same middleware, authentication, validation,
// error mapping and JSON as over HTTP (decision 096).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import express, { type Router } from 'express';
import inject from 'light-my-request';
import { answerLifetime, stillKept, type Lifetime } from '../api/process-cache';
import { copyOfAnswer, type ApiAnswer, type ApiTransport } from '../domain/api-call';

export type { ApiAnswer, ApiCall, ApiStreamAnswer, ApiTransport } from '../domain/api-call';
export { copyOfAnswer } from '../domain/api-call';

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

type Dispatched = IncomingMessage & { auth?: unknown };

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
  /** Hands one request to the app, after `prepare` has seen the request and response. */
  const dispatcher = (prepare: (req: Dispatched, res: ServerResponse) => void) => (req: IncomingMessage, res: ServerResponse) => {
    prepare(req as Dispatched, res);
    app(req as Parameters<typeof app>[0], res as Parameters<typeof app>[1]);
  };
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
      const answer = await inject(
        dispatcher((req, res) => {
          dispatched = req;
          served = res;
          // Verified earlier in this UI request: the API's guards take it as this request's identity.
          if (known) req.auth = known;
        }),
        { method: call.method as 'GET', url: API_PREFIX + call.path, headers, payload, remoteAddress: '127.0.0.1' },
      );
      if (token && call.verified) {
        // Signing out ends the token for the rest of this request too.
        if (call.path.startsWith('/logout')) call.verified.delete(token);
        else if (!known && dispatched?.auth && answer.statusCode < 400) call.verified.set(token, dispatched.auth);
      }
      const result: ApiAnswer = { status: answer.statusCode, headers: flatHeaders(answer.headers), text: answer.payload };
      const lifetime = keptKey && answer.statusCode === 200 && served ? answerLifetime(served) : undefined;
      if (lifetime && dispatched?.auth) {
        if (keptAnswers.size >= KEPT_ANSWERS_LIMIT) keptAnswers.clear();
        keptAnswers.set(keptKey!, { lifetime, answer: copyOfAnswer(result), auth: dispatched.auth });
      }
      return result;
    },
    async stream(call) {
      // payloadAsStream: the answer comes at its head, its body a Readable the API's writes go into, with backpressure.
      let served: ServerResponse | undefined;
      const answer = await inject(
        dispatcher((_req, res) => {
          served = res;
        }),
        { method: 'GET', url: API_PREFIX + call.path, headers: forwarded(call.headers), remoteAddress: '127.0.0.1', payloadAsStream: true },
      );
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
