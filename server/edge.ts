// What every request meets before the API or Remix: security headers, the cross-site POST check,
// body size limits, the default Cache-Control, and the HTTP server's own time limits.
import crypto from 'node:crypto';
import http, { type Server } from 'node:http';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { PORTAL_MSG } from '../domain/messages';
import { VALIDATION_MSG } from '../domain/validation';

export function contentSecurityPolicy(nonce: string, framing: Framing = 'none'): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    framing === 'same-origin' ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join('; ');
}

/** Whether a response may be shown in a frame: never, or by the portal's own pages only. */
export type Framing = 'none' | 'same-origin';

/**
 * The one kind of response the portal's own pages may frame: a document opened inline for the 'Preview File' dialog
 * (a PDF in the browser's own viewer, decision 036), through the UI's link (`/resources/documents/{id}?view=1`) or the
 * API's signed download it leads to (inline only, not `toDownload`). Everything else: nothing may frame it.
 */
export function framingOf(path: string, query: URLSearchParams): Framing {
  if (/^\/resources\/documents\/[^/]+$/.test(path) && query.get('view') === '1') return 'same-origin';
  if (/^\/api\/v1\/documents\/download\/[^/]+$/.test(path) && query.get('toDownload') !== 'true') return 'same-origin';
  return 'none';
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** A new CSP nonce: one per response. */
export const newNonce = () => crypto.randomBytes(16).toString('base64');

/**
 * CSP (STYLE.md): scripts only from this origin or inline with this response's nonce; styles may be
 * inline (emotion writes them); nothing may frame the portal. HSTS only when the request arrived over
 * HTTPS (directly, or through a proxy that `trust proxy` believes), so plain-HTTP demos keep working.
 * The one list of security headers: the Express middleware below and the UI served by remix-serve
 * (server/serve-ui.ts) both set these.
 */
export function securityHeaderList(nonce: string, secure: boolean, framing: Framing = 'none'): [name: string, value: string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(nonce, framing)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'same-origin'],
    ['X-Frame-Options', framing === 'same-origin' ? 'SAMEORIGIN' : 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ];
  if (secure) headers.push(['Strict-Transport-Security', HSTS]);
  return headers;
}

export function securityHeaders(): RequestHandler {
  return (req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    const framing = framingOf(req.path, new URLSearchParams(req.originalUrl.split('?')[1] ?? ''));
    for (const [name, value] of securityHeaderList(nonce, req.secure, framing)) res.setHeader(name, value);
    next();
  };
}

const SAME_SITE_FETCH = new Set(['same-origin', 'same-site', 'none']);
const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

type HeaderValue = string | string[] | undefined;

/**
 * Cross-site posts are refused on every route, API included: the browser names where a POST came
 * from. `Origin: null` (sandboxed frames, data: pages, privacy-stripped cross-site requests) is as
 * foreign as any other origin. The UI's own calls to the API come from the server and carry neither.
 */
export function isCrossSiteWrite(method: string, header: (name: string) => HeaderValue): boolean {
  if (isSafeMethod(method)) return false;
  const site = header('sec-fetch-site');
  const origin = header('origin');
  const host = header('x-forwarded-host') ?? header('host');
  let foreign = typeof site === 'string' && !SAME_SITE_FETCH.has(site);
  if (typeof origin === 'string') {
    try {
      foreign ||= origin === 'null' || new URL(origin).host !== host;
    } catch {
      foreign = true;
    }
  }
  return foreign;
}

export function refuseCrossSiteWrites(): RequestHandler {
  return (req, res, next) => {
    if (!isCrossSiteWrite(req.method, (name) => req.headers[name])) return next();
    res.status(403);
    if (req.originalUrl.startsWith('/api/')) res.json({ message: PORTAL_MSG.requestBlocked });
    else res.type('text/plain').send(PORTAL_MSG.requestBlocked);
  };
}

export interface BodyLimits {
  /** Form posts and any other non-multipart body. */
  formBytes: number;
  /** Multipart posts (file uploads): the upload limit plus room for the other fields. */
  multipartBytes: number;
}

export const FORM_BODY_LIMIT_BYTES = 1024 * 1024;
/** Multipart framing and the form's other fields, on top of the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
const DRAIN_AT_MOST_BYTES = 64 * 1024 * 1024;

/** A calm, self-contained page (this answer is given before Remix, so it cannot use the app's layout). */
export function plainPage(title: string, text: string): string {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} | Broadband Grants Portal</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1>${escape(title)}</h1><p>${escape(text)}</p><p>Use your browser's Back button to return to the form, or go to the <a href="/">home page</a>.</p></main></body></html>`;
}

const uploadTooLarge = (bytes: number) =>
  `${VALIDATION_MSG.fileTooLarge}. The limit is ${Math.round(bytes / (1024 * 1024))} MB: choose a smaller file and try again.`;

export interface BodyRefusal {
  status: 411 | 413;
  message: string;
  /** The body is far over any limit (or of unknown length): close the connection instead of reading it. */
  close: boolean;
}

/**
 * Remix reads a posted body whole; the length is checked before a byte of it is read. A body whose
 * length is not declared (chunked) is refused: browsers always declare form posts and uploads.
 */
export function bodyRefusal(method: string, header: (name: string) => HeaderValue, limits: BodyLimits): BodyRefusal | null {
  if (isSafeMethod(method)) return null;
  const declared = header('content-length');
  const chunked = declared === undefined && (header('transfer-encoding') ?? '') !== '';
  if (!chunked && declared === undefined) return null;
  const multipart = /^multipart\//i.test(String(header('content-type') ?? ''));
  const limit = multipart ? limits.multipartBytes : limits.formBytes;
  if (!chunked && Number(declared) <= limit) return null;
  const message = chunked ? PORTAL_MSG.lengthRequired : multipart ? uploadTooLarge(limit - MULTIPART_OVERHEAD_BYTES) : PORTAL_MSG.formTooLarge;
  return { status: chunked ? 411 : 413, message, close: chunked || Number(declared) > DRAIN_AT_MOST_BYTES };
}

export const refusalTitle = (refusal: BodyRefusal) => (refusal.status === 413 ? 'Too large' : 'Length required');

export function limitUiBodies(limits: BodyLimits): RequestHandler {
  return (req, res, next) => {
    const refusal = bodyRefusal(req.method, (name) => req.headers[name], limits);
    if (!refusal) return next();
    // The body is read and dropped (never kept), so the client gets to read this answer; a body far
    // over any limit is not worth the bandwidth: the connection is closed after answering instead.
    if (refusal.close) res.setHeader('Connection', 'close');
    else req.resume();
    res.status(refusal.status);
    if (req.headers.accept?.includes('application/json') || req.path.endsWith('.data')) res.json({ message: refusal.message });
    else res.type('html').send(plainPage(refusalTitle(refusal), refusal.message));
  };
}

/** Pages and data are personal: nothing is stored by the browser unless a route says otherwise. */
export function noStoreByDefault(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!this.getHeader('Cache-Control')) this.setHeader('Cache-Control', 'no-store');
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response['writeHead'];
    next();
  };
}

export interface ServerTimeouts {
  /** Time to receive a request's headers. */
  headersMs: number;
  /** Time to receive a whole request, body included (a 10 MB upload on a slow line fits). */
  requestMs: number;
  /** A connection with no traffic at all for this long is closed. */
  idleMs: number;
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersMs: 20_000, requestMs: 10 * 60_000, idleMs: 120_000, keepAliveMs: 30_000 };

/**
 * The HTTP server of the portal: a slow client cannot hold a connection for ever (slow headers, a
 * trickled body, a silent socket). Node checks the first two on a timer of its own, every
 * `checkEveryMs`.
 */
export function createPortalServer(app: http.RequestListener, timeouts: ServerTimeouts = DEFAULT_TIMEOUTS, checkEveryMs = 1000): Server {
  const server = http.createServer(
    { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, keepAliveTimeout: timeouts.keepAliveMs, connectionsCheckingInterval: checkEveryMs },
    app,
  );
  server.setTimeout(timeouts.idleMs, (socket) => socket.destroy());
  return server;
}

