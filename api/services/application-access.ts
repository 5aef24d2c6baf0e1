// The one access check of every route taking an application or organization id (domain/access.ts).
// Each route declares its check as a middleware; the middleware carries that declaration (`access`)
// so the role × route matrix test reads it from the router stack (tests/api/access-matrix.test.ts).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { and, eq } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { forbidden, notFound } from '../http';
import { currentAuth, requireUser } from '../guard';
import { applications, loggedActions, reviewAssignments } from '../db/schema';
import type { ApplicationRow } from './application-content';
import { applicationAccess, organizationAccess, type AccessMode, type AccessOutcome, type ApplicationFacts } from '../../domain/access';
import { APPLICATION_MSG } from '../../domain/messages';
import type { RoleName } from '../../domain/roles';

/** What a route declares about its access check. */
export type RouteAccess =
  | { scope: 'application'; mode: AccessMode; param: string }
  /** An application's history: the application's rule, and a deleted application's history stays its organization's. */
  | { scope: 'application-history'; mode: 'read'; param: string }
  /** `in: 'query'`: the id is a query parameter (e.g. applications/create?organizationId). */
  | { scope: 'organization'; mode: AccessMode; param: string; in: 'path' | 'query'; stateReaders: readonly RoleName[] };

export type AccessMiddleware = RequestHandler & { access: RouteAccess };

export interface VisibleApplication {
  app: ApplicationRow;
  /** The role through which the caller sees it (their organization role, or their state role). */
  role: RoleName;
}

/** The role the outcome allows; else 404, or 403 (organization staff are told to ask their admin). */
function enforce(req: Request, outcome: AccessOutcome, notFoundMessage: string): RoleName {
  if (outcome.allowed) return outcome.role;
  if (outcome.status === 404) throw notFound(notFoundMessage);
  throw forbidden(currentAuth(req).profile.roleType === 'org' ? APPLICATION_MSG.adminOnly : undefined);
}

async function isAssigned(ctx: ApiContext, applicationId: string, userId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: reviewAssignments.id })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.applicationId, applicationId), eq(reviewAssignments.reviewerId, userId)))
    .limit(1);
  return !!row;
}

/** The application when the caller may use it this way; 404 when unknown or not theirs to see, 403 when seen but not theirs to change. */
export async function loadApplicationFor(ctx: ApiContext, req: Request, id: string, mode: AccessMode): Promise<VisibleApplication> {
  const { profile } = currentAuth(req);
  const [app] = await ctx.db.select().from(applications).where(eq(applications.id, id.trim().toUpperCase())).limit(1);
  if (!app) throw notFound(APPLICATION_MSG.notFound);
  const assigned = profile.roleType === 'state' && (await isAssigned(ctx, app.id, profile.id));
  const role = enforce(req, applicationAccess(profile, { organizationId: app.organizationId, status: app.status, assigned }, mode), APPLICATION_MSG.notFound);
  return { app, role };
}

/** The organization whose history holds this application id, when the caller may read that history. */
export async function historyOwnerFor(ctx: ApiContext, req: Request, id: string): Promise<{ applicationId: string; organizationId: string }> {
  const { profile } = currentAuth(req);
  const applicationId = id.trim().toUpperCase();
  const [app] = await ctx.db
    .select({ organizationId: applications.organizationId, status: applications.status })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  let facts: ApplicationFacts | null = null;
  if (app) {
    facts = { ...app, assigned: profile.roleType === 'state' && (await isAssigned(ctx, applicationId, profile.id)) };
  } else {
    const [entry] = await ctx.db
      .select({ organizationId: loggedActions.organizationId })
      .from(loggedActions)
      .where(eq(loggedActions.applicationId, applicationId))
      .limit(1);
    if (entry?.organizationId) facts = { organizationId: entry.organizationId, status: null, assigned: false };
  }
  if (!facts) throw notFound(APPLICATION_MSG.notFound);
  enforce(req, applicationAccess(profile, facts, 'read'), APPLICATION_MSG.notFound);
  return { applicationId, organizationId: facts.organizationId };
}

function declare(access: RouteAccess, check: (req: Request, res: Response) => Promise<void>): AccessMiddleware {
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    check(req, res).then(() => next(), next);
  };
  return Object.assign(middleware, { access });
}

/** Signed in, and allowed to use the application named by `:param` (res.locals.application). */
export function applicationRoute(ctx: ApiContext, mode: AccessMode, param = 'id'): RequestHandler[] {
  return [requireUser(ctx), declare({ scope: 'application', mode, param }, async (req, res) => {
    res.locals.application = await loadApplicationFor(ctx, req, String(req.params[param]), mode);
  })];
}

/** Signed in, and allowed to read the history of the application named by `:param` (res.locals.historyOwner). */
export function applicationHistoryRoute(ctx: ApiContext, param = 'applicationId'): RequestHandler[] {
  return [requireUser(ctx), declare({ scope: 'application-history', mode: 'read', param }, async (req, res) => {
    res.locals.historyOwner = await historyOwnerFor(ctx, req, String(req.params[param]));
  })];
}

/** Signed in, and allowed to use the organization named by `:param` or `?query=` (res.locals.organizationRole). */
export function organizationRoute(
  ctx: ApiContext, mode: AccessMode, opts: { param?: string; query?: string; stateReaders?: readonly RoleName[] } = {},
): RequestHandler[] {
  const param = opts.query ?? opts.param ?? 'orgId';
  const source = opts.query ? 'query' : 'path';
  const stateReaders = opts.stateReaders ?? [];
  return [requireUser(ctx), declare({ scope: 'organization', mode, param, in: source, stateReaders }, async (req, res) => {
    const organizationId = String((source === 'query' ? req.query : req.params)[param] ?? '');
    const outcome = organizationAccess(currentAuth(req).profile, organizationId, mode, stateReaders);
    res.locals.organizationRole = enforce(req, outcome, 'Organization not found');
  })];
}

export function visibleApplication(res: Response): VisibleApplication {
  const found = res.locals.application as VisibleApplication | undefined;
  if (!found) throw new Error('visibleApplication() outside an applicationRoute');
  return found;
}

export function historyOwner(res: Response): { applicationId: string; organizationId: string } {
  const found = res.locals.historyOwner as { applicationId: string; organizationId: string } | undefined;
  if (!found) throw new Error('historyOwner() outside an applicationHistoryRoute');
  return found;
}

export function organizationRole(res: Response): RoleName {
  const found = res.locals.organizationRole as RoleName | undefined;
  if (!found) throw new Error('organizationRole() outside an organizationRoute');
  return found;
}
