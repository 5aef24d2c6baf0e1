// Request guards: who is calling (authenticated once per request), and the read-only role's refusal of writes.
import type { NextFunction, Request, Response } from 'express';
import type { ApiContext } from './context';
import { authenticate, type Authenticated } from './services/auth';
import { ApiError, forbidden } from './http';
import { refusesWrites } from '../domain/access';
import type { RoleName } from '../domain/roles';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: Authenticated;
  }
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

const pending = new WeakMap<Request, Promise<Authenticated>>();

/**
 * Who is calling, authenticated at most once per request: the read-only guard and the route's
 * requireUser share one lookup. A request the in-process transport hands over with `req.auth` already
 * set (the same token, verified earlier in the same UI request) is not looked up again.
 */
export function authenticateOnce(ctx: ApiContext, req: Request): Promise<Authenticated> {
  if (req.auth) return Promise.resolve(req.auth);
  let once = pending.get(req);
  if (!once) {
    once = authenticate(ctx, bearerToken(req)).then((auth) => {
      req.auth = auth;
      return auth;
    });
    pending.set(req, once);
  }
  return once;
}

/** Signed in with a bearer token (401 otherwise); it carries `bearer` so the OpenAPI document reads it (api/openapi/). */
export function requireUser(ctx: ApiContext) {
  const guard = (req: Request, _res: Response, next: NextFunction) => {
    if (req.auth) return next();
    authenticateOnce(ctx, req).then(() => next(), next);
  };
  return Object.assign(guard, { bearer: true as const });
}

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** The financial reviewer is read-only: any write with their token is refused before routing. */
export function refuseReadOnlyWrites(ctx: ApiContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!bearerToken(req) || !isWrite(req.method)) return next();
    authenticateOnce(ctx, req).then((auth) => next(refusesWrites(auth.profile) ? forbidden() : undefined), next);
  };
}

export function currentAuth(req: Request): Authenticated {
  if (!req.auth) throw new ApiError(401, 'Please sign in to continue.');
  return req.auth;
}

/** The caller as the review sight reads them (domain/review-sight.ts): their id and the names of their roles. */
export function reviewViewer(req: Request): { id: string; roles: RoleName[] } {
  const { profile } = currentAuth(req);
  return { id: profile.id, roles: profile.roles.map((r) => r.name) };
}

// Who may do what on which record: api/services/application-access.ts (the permissions table, decision 016).
