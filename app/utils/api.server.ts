// The one client of the /api/v1 provider: adds the bearer token, maps errors, handles 401/403; the
// transport (in-process or HTTP) is the server's choice, handed over in the load context.
import { data, type AppLoadContext } from '@remix-run/node';
import { MSG } from '../../domain/messages';
import { copyOfAnswer, type ApiAnswer, type ApiCall } from '../../domain/api-call';
import { asEditConflict, type EditConflict } from '../../domain/edit-conflicts';

export class ApiFailure extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: Record<string, string[]>,
    /** A stale save's refusal: the values as saved now, who saved them and when (decision 099). */
    public editConflict: EditConflict | null = null,
  ) {
    super(message);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; a FormData is sent as multipart instead (uploads). */
  body?: unknown;
  token?: string | null;
  query?: Record<string, string | number | undefined | null>;
}

/** Identities verified during one UI request (by token), shared by its loaders' in-process calls. */
const verifiedPerRequest = new WeakMap<AppLoadContext, Map<string, unknown>>();

function verifiedIn(context: AppLoadContext): Map<string, unknown> {
  let verified = verifiedPerRequest.get(context);
  if (!verified) verifiedPerRequest.set(context, (verified = new Map()));
  return verified;
}

/**
 * One call of the API through the transport the server chose (server/portal.ts: in-process when the
 * API is embedded, HTTP with API_BASE_URL). Errors come back as ApiFailure with the API's words.
 */
export async function callApi<T>(context: AppLoadContext, path: string, req: ApiRequest = {}): Promise<T> {
  const target = new URL(path.startsWith('/') ? path : `/${path}`, 'http://api');
  for (const [key, value] of Object.entries(req.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') target.searchParams.set(key, String(value));
  }
  const apiPath = target.pathname + target.search;
  const method = req.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = req.body instanceof FormData;
  if (req.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (req.token) headers.Authorization = `Bearer ${req.token}`;
  if (context.clientIp) headers['X-Forwarded-For'] = context.clientIp;
  const call: ApiCall = {
    method,
    path: apiPath,
    headers,
    body: req.body === undefined ? undefined : multipart ? (req.body as FormData) : JSON.stringify(req.body),
    verified: verifiedIn(context),
  };

  const readKey = method === 'GET' && req.token ? `${req.token} ${apiPath}` : null;
  let answer: ApiAnswer;
  try {
    answer = await context.api.send(call);
    // Spec: a 401 gets one retry before the session is given up.
    if (answer.status === 401 && req.token) answer = await context.api.send(call);
  } catch {
    throw new ApiFailure(503, MSG.somethingWentWrong);
  }
  if (readKey && answer.status >= 200 && answer.status < 300) rememberRead(readKey, answer);
  if (readKey && answer.status === 503 && context.requestMethod === 'POST') {
    // A save failed because the database is away: the page it re-renders (with the typed answers)
    // is built from this session's last good reads rather than lost.
    const kept = recallRead(readKey);
    if (kept !== undefined) answer = kept;
  }
  const { status } = answer;
  const body = answerBody(answer);
  if (status < 200 || status >= 300) {
    const payload = (body ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
    const message = typeof payload.message === 'string' && payload.message ? payload.message : MSG.somethingWentWrong;
    throw new ApiFailure(status, message, payload.errors, status === 409 ? asEditConflict(body) : null);
  }
  return body as T;
}

/** An answer's JSON: its text read; null for none or not JSON. */
function answerBody(answer: ApiAnswer): unknown {
  if (!answer.text) return null;
  try {
    return JSON.parse(answer.text);
  } catch {
    return null;
  }
}

/** A streamed answer (the exports): its headers and its body as it comes. */
export interface ApiDownload {
  headers: Record<string, string>;
  body: import('node:stream').Readable;
}

/**
 * A GET whose answer is a file streamed through (the XLSX and ZIP exports): the body is passed on as the API writes
 * it, never held whole. A refusal is read as callApi reads it and thrown as the same ApiFailure.
 */
export async function streamApi(context: AppLoadContext, path: string, req: Pick<ApiRequest, 'token' | 'query'> = {}): Promise<ApiDownload> {
  const target = new URL(path.startsWith('/') ? path : `/${path}`, 'http://api');
  for (const [key, value] of Object.entries(req.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') target.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: '*/*' };
  if (req.token) headers.Authorization = `Bearer ${req.token}`;
  if (context.clientIp) headers['X-Forwarded-For'] = context.clientIp;
  let answer: Awaited<ReturnType<typeof context.api.stream>>;
  try {
    answer = await context.api.stream({ method: 'GET', path: target.pathname + target.search, headers });
  } catch {
    throw new ApiFailure(503, MSG.somethingWentWrong);
  }
  if (answer.status >= 200 && answer.status < 300) return { headers: answer.headers, body: answer.body };
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(Buffer.from(chunk as Uint8Array));
  let payload: { message?: unknown; errors?: Record<string, string[]> } = {};
  try {
    payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    payload = {};
  }
  const message = typeof payload.message === 'string' && payload.message ? payload.message : MSG.somethingWentWrong;
  throw new ApiFailure(answer.status, message, payload.errors);
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}

/** The API cannot serve right now (its database is away): a page answers 503 with the API's words, and keeps the session. */
export function isUnavailable(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure && error.status === 503;
}

/** For loaders: an outage becomes the route's 503 error page; anything else is thrown on unchanged. */
export function unavailablePage(error: unknown): unknown {
  return isUnavailable(error) ? data(error.message, { status: 503, headers: { 'Retry-After': '60' } }) : error;
}

// The last good GET answers per token and URL, kept a few minutes (bounded), only for re-rendering a form after a failed save.
// Per process on purpose: a degraded-mode fallback, not shared state (docs/decisions/011).
const READS_KEPT = 300;
const READ_KEPT_MS = 10 * 60_000;
const lastGoodReads = new Map<string, { at: number; answer: ApiAnswer }>();

function rememberRead(key: string, answer: ApiAnswer) {
  lastGoodReads.delete(key);
  lastGoodReads.set(key, { at: Date.now(), answer });
  if (lastGoodReads.size > READS_KEPT) lastGoodReads.delete(lastGoodReads.keys().next().value!);
}

/**
 * The last good answer, as a 200 of its own. A carried value is the one the page was given then (pages build new
 * values from what the API gave them and change none of it); each recall hands out a copy of it.
 */
function recallRead(key: string): ApiAnswer | undefined {
  const kept = lastGoodReads.get(key);
  if (!kept || Date.now() - kept.at >= READ_KEPT_MS) return undefined;
  return copyOfAnswer(kept.answer, 200);
}

/** Signing out drops what was kept for that token. */
export function forgetReads(token: string) {
  for (const key of lastGoodReads.keys()) if (key.startsWith(`${token} `)) lastGoodReads.delete(key);
}
