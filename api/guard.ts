// Request guards: who is calling, and may they touch this organization.
import type { NextFunction, Request, Response } from 'express';
import type { ApiContext } from './context';
import { authenticate, type Authenticated } from './services/auth';
import { ApiError, forbidden, notFound } from './http';
import { isReadOnlyRole, type RoleName } from '../domain/roles';

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

export function requireUser(ctx: ApiContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    authenticate(ctx, bearerToken(req))
      .then((auth) => {
        req.auth = auth;
        // The financial reviewer is read-only: every write is refused before it reaches a handler.
        const writes = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';
        const stateRoles = auth.profile.roleType === 'state' ? auth.profile.roles.map((r) => r.name) : [];
        if (writes && stateRoles.length > 0 && stateRoles.every((r) => isReadOnlyRole(r)) && req.path !== '/logout') {
          next(forbidden());
          return;
        }
        next();
      })
      .catch(next);
  };
}

export function currentAuth(req: Request): Authenticated {
  if (!req.auth) throw new ApiError(401, 'Please sign in to continue.');
  return req.auth;
}

/** The caller's role in an organization; 404 when they are not an active member (never leak existence). */
export function orgRole(req: Request, organizationId: string): RoleName {
  const { profile } = currentAuth(req);
  const membership = profile.organizations.find((o) => o.id === organizationId);
  if (!membership || membership.status !== 'active') throw notFound('Organization not found');
  return membership.role.name;
}

/** The state roles of the caller; 403 for organization users. */
export function stateRoles(req: Request): RoleName[] {
  const { profile } = currentAuth(req);
  if (profile.roleType !== 'state') throw forbidden();
  return profile.roles.map((r) => r.name);
}
