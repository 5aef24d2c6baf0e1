// HTTP plumbing of the API provider: errors as {message, errors?}, async handlers, input parsing.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { MSG, PORTAL_MSG } from '../domain/messages';
import { describeDatabaseError, isDatabaseUnavailable } from './db/errors';
import { isCleanInput, requestTargetProblem } from '../domain/input';

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: Record<string, string[]>,
    /** More of the refusal's body (an edit conflict's current values, decision 099). */
    public body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new ApiError(400, message, errors);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const forbidden = (message: string = MSG.actionNotAllowed) => new ApiError(403, message);
export const conflict = (message: string) => new ApiError(409, message);

export function handler(fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req, res, next) => {
    fn(req, res).catch(next);
  };
}

/** Parse a body or query with a Zod schema; 400 with field errors when it does not fit. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? 'Invalid input';
  throw badRequest(first, errors);
}

export function errorMiddleware(log: (msg: string, err: unknown) => void) {
  let outageLoggedAt = 0;
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof ApiError) {
      res.status(err.status).json({ ...err.body, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
      return;
    }
    const status = (err as { status?: number; type?: string }).status;
    if ((err as { type?: string }).type === 'entity.parse.failed') {
      res.status(400).json({ message: 'The request body is not valid JSON.' });
      return;
    }
    if (status === 413) {
      res.status(413).json({ message: 'The request is too large.' });
      return;
    }
    // Express and body-parser refusals (a %-escape that does not decode, an unsupported charset…).
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ message: PORTAL_MSG.badRequest });
      return;
    }
    // A value the database cannot hold that slipped past validation is still the caller's input.
    if (isBadDataError(err)) {
      res.status(400).json({ message: PORTAL_MSG.badRequest });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      // During an outage every request fails alike: say it in the log once a minute, not per request.
      if (Date.now() - outageLoggedAt > 60_000) {
        log('API: the database cannot be reached:', describeDatabaseError(err));
        outageLoggedAt = Date.now();
      }
      res.status(503).setHeader('Retry-After', '60').json({ message: PORTAL_MSG.databaseUnavailable });
      return;
    }
    log('API error', err);
    res.status(500).json({ message: MSG.somethingWentWrong });
  };
}

/** SQLSTATE class 22 (data exception: bad text representation, date out of range, bad encoding, numeric overflow, too long) or 54000 (a value too large to index), anywhere in the cause chain. */
function isBadDataError(err: unknown): boolean {
  for (let e = err, hops = 0; e && typeof e === 'object' && hops < 10; e = (e as { cause?: unknown }).cause, hops += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '54000')) return true;
  }
  return false;
}

/** NUL, lone surrogates and %-escapes that do not decode, anywhere in the address, query or JSON body: 400 before any route. */
export function refuseMalformedInput(): RequestHandler {
  return (req, _res, next) => {
    const problem = requestTargetProblem(req.originalUrl) ?? (isCleanInput(req.query) && isCleanInput(req.body) ? null : PORTAL_MSG.badCharacters);
    next(problem ? badRequest(problem) : undefined);
  };
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
export function isLoopback(address: string | undefined): boolean {
  return !!address && LOOPBACK.test(address);
}

/**
 * The client's address. Requests from the portal's own UI (or a proxy on this machine) come from
 * loopback and name the browser's address in X-Forwarded-For; anything else is taken at its word.
 */
export function clientIp(req: Request): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  const forwarded = req.headers['x-forwarded-for'];
  if (isLoopback(socket) && typeof forwarded === 'string' && forwarded.trim()) {
    const hops = forwarded.split(',').map((s) => s.trim()).filter(Boolean);
    return hops[hops.length - 1] ?? socket;
  }
  return socket;
}

/** Loopback and not relayed by a proxy: the only requests allowed to read the dev outbox. */
export function isDirectLoopback(req: Request): boolean {
  return isLoopback(req.socket.remoteAddress) && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
}
