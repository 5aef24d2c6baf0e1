// The one access check of every route taking an application, organization or document id: the
// permissions table (domain/permissions.ts) applied by domain/access.ts. Each route declares its check as
// a middleware; the middleware carries that declaration (`access`), so the role × route matrix test reads
// it from the route registry (api/openapi/registry.ts) and derives every expected answer from the table (tests/api/access-matrix.test.ts).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { and, eq } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { ApiError, badRequest, forbidden, notFound } from '../http';
import { currentAuth, requireUser } from '../guard';
import { applications, loggedActions, reviewAssignments } from '../db/schema';
import type { ApplicationRow } from './application-content';
import { decide, listScope, stateReadScope, type AccessOutcome, type AccessTarget, type ApplicationFacts } from '../../domain/access';
import { accessLevels, type Action, type Entity } from '../../domain/permissions';
import { APPLICATION_MSG, MSG } from '../../domain/messages';
import { refusal, roleAllowing, type ActionId, type AssignmentStatus } from '../../domain/workflow';
import type { RoleName } from '../../domain/roles';
import { UUID } from '../../domain/ids';

/** What a route declares about its access check: the table's action and entity, and where the id is. */
export type RouteAccess =
  /** An application named by `:param`: its content (entity 'application'), or what is seen through it (status, review-assignment, review). */
  | { scope: 'application'; action: Action; entity: Entity; param: string }
  /** An application's history: the application's read rule, and a deleted application's history stays its organization's. */
  | { scope: 'application-history'; action: 'read'; entity: 'application'; param: string }
  /** An organization's data; `in: 'query'`: the id is a query parameter (e.g. applications/create?organizationId). */
  | { scope: 'organization'; action: Action; entity: Entity; param: string; in: 'path' | 'query' }
  /** A document `:id` of the organization in `?organizationId` (its uploader counts for 'own' permissions). */
  | { scope: 'document'; action: Action; entity: 'document'; param: 'organizationId'; in: 'query' }
  /**
   * A workflow action on the application named by `:param` (domain/workflow.ts): state users only (organization
   * users 403), 404 when the caller may not read the application, then the machine's refusal (403 role, 409 status).
   */
  | { scope: 'application-move'; action: 'update'; entity: 'status'; param: string; move: ActionId }
  /**
   * A workflow action on many applications named in the query or body (review/applications/bulk): state users holding
   * a 'read status' permission (others 403); each id then answers exactly as the `application-move` route of the
   * action would (404 → 'Application not found', the machine's 403/409), row by row, in the response.
   */
  | { scope: 'application-bulk'; action: 'read' | 'update'; entity: 'status'; param: 'applicationIds'; in: 'query' | 'body' };

export type AccessMiddleware = RequestHandler & { access: RouteAccess };

export interface VisibleApplication {
  app: ApplicationRow;
  /** The role through which the caller sees it (their organization role, or their state role). */
  role: RoleName;
  /** The caller's own review assignment on it (state users), or null: read once, with the application. */
  assignment: AssignmentStatus | null;
}

/** The role the outcome allows; else 404, or 403 (organization users are told to ask their admin, unless the route says otherwise). */
function enforce(req: Request, outcome: AccessOutcome, notFoundMessage: string, forbiddenMessage?: string): RoleName {
  if (outcome.allowed) return outcome.role;
  if (outcome.status === 404) throw notFound(notFoundMessage);
  throw forbidden(forbiddenMessage ?? (currentAuth(req).profile.roleType === 'org' ? APPLICATION_MSG.adminOnly : undefined));
}

/**
 * The permission check for anything not reached through a route middleware: the role through which the
 * caller may do `action` on this `entity` record; 404 when they may not even read it, 403 when they may
 * read it but not do this.
 */
export function requirePermission(
  req: Request, action: Action, entity: Entity, target: AccessTarget, messages: { notFound?: string; forbidden?: string } = {},
): RoleName {
  const notFoundMessage = messages.notFound ?? ('application' in target ? APPLICATION_MSG.notFound : 'Organization not found');
  return enforce(req, decide(currentAuth(req).profile, action, entity, target), notFoundMessage, messages.forbidden);
}

/** Which applications a state caller reads (every submitted one, or those assigned to them); 403 for organization users. */
export function requireStateScope(req: Request): 'submitted' | 'assigned' {
  const scope = stateReadScope(currentAuth(req).profile);
  if (!scope) throw forbidden();
  return scope;
}

/** The records a list not keyed by one record reaches (domain/access.ts listScope); 403 when the caller may read none. */
export function requireListScope(req: Request, action: Action, entity: Entity): { all: true } | { organizations: string[] } {
  const scope = listScope(currentAuth(req).profile, action, entity);
  if (!scope) throw forbidden();
  return scope;
}

/** The caller's own review assignment on the application (one per application and reviewer), or null. */
async function assignmentOf(ctx: ApiContext, applicationId: string, userId: string): Promise<AssignmentStatus | null> {
  const [row] = await ctx.db
    .select({ status: reviewAssignments.status })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.applicationId, applicationId), eq(reviewAssignments.reviewerId, userId)))
    .limit(1);
  return (row?.status as AssignmentStatus | undefined) ?? null;
}

/** The application when the caller may do `action` on it; 404 when unknown or not theirs to see, 403 when seen but not theirs to do this. */
export async function loadApplicationFor(ctx: ApiContext, req: Request, id: string, action: Action, entity: Entity = 'application'): Promise<VisibleApplication> {
  const { profile } = currentAuth(req);
  const [app] = await ctx.db.select().from(applications).where(eq(applications.id, id.trim().toUpperCase())).limit(1);
  if (!app) throw notFound(APPLICATION_MSG.notFound);
  const assignment = profile.roleType === 'state' ? await assignmentOf(ctx, app.id, profile.id) : null;
  const role = requirePermission(req, action, entity, { application: { organizationId: app.organizationId, status: app.status, assigned: assignment !== null } });
  return { app, role, assignment };
}

/** The application whose history the caller reads (`assigned`: they are assigned to review it). */
export interface HistoryOwner { applicationId: string; organizationId: string; assigned: boolean }

/** The organization whose history holds this application id, when the caller may read that history. */
export async function historyOwnerFor(ctx: ApiContext, req: Request, id: string): Promise<HistoryOwner> {
  const { profile } = currentAuth(req);
  const applicationId = id.trim().toUpperCase();
  const [app] = await ctx.db
    .select({ organizationId: applications.organizationId, status: applications.status })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  let facts: ApplicationFacts | null = null;
  if (app) {
    facts = { ...app, assigned: profile.roleType === 'state' && (await assignmentOf(ctx, applicationId, profile.id)) !== null };
  } else {
    const [entry] = await ctx.db
      .select({ organizationId: loggedActions.organizationId })
      .from(loggedActions)
      .where(eq(loggedActions.applicationId, applicationId))
      .limit(1);
    if (entry?.organizationId) facts = { organizationId: entry.organizationId, status: null, assigned: false };
  }
  if (!facts) throw notFound(APPLICATION_MSG.notFound);
  requirePermission(req, 'read', 'application', { application: facts });
  return { applicationId, organizationId: facts.organizationId, assigned: facts.assigned };
}

function declare(access: RouteAccess, check: (req: Request, res: Response) => Promise<void>): AccessMiddleware {
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    check(req, res).then(() => next(), next);
  };
  return Object.assign(middleware, { access });
}

/** Signed in, and allowed to do `action` on `entity` (the application, or what is seen through it) of the application named by `:param` (res.locals.application). */
export function applicationRoute(ctx: ApiContext, action: Action, param = 'id', entity: Entity = 'application'): RequestHandler[] {
  return [requireUser(ctx), declare({ scope: 'application', action, entity, param }, async (req, res) => {
    res.locals.application = await loadApplicationFor(ctx, req, String(req.params[param]), action, entity);
  })];
}

/** Signed in, and allowed to read the history of the application named by `:param` (res.locals.historyOwner). */
export function applicationHistoryRoute(ctx: ApiContext, param = 'applicationId'): RequestHandler[] {
  return [requireUser(ctx), declare({ scope: 'application-history', action: 'read', entity: 'application', param }, async (req, res) => {
    res.locals.historyOwner = await historyOwnerFor(ctx, req, String(req.params[param]));
  })];
}

/**
 * Signed in, and allowed to do `action` on `entity` of the organization named by `:param` or `?query=`
 * (res.locals.organizationRole). `forbidden`: the 403 message for a member who may not do this.
 */
export function organizationRoute(
  ctx: ApiContext, action: Action, opts: { entity: Entity; param?: string; query?: string; forbidden?: string },
): RequestHandler[] {
  const param = opts.query ?? opts.param ?? 'orgId';
  const source = opts.query ? 'query' : 'path';
  return [requireUser(ctx), declare({ scope: 'organization', action, entity: opts.entity, param, in: source }, async (req, res) => {
    const organizationId = String((source === 'query' ? req.query : req.params)[param] ?? '');
    res.locals.organizationRole = requirePermission(req, action, opts.entity, { organizationId }, { forbidden: opts.forbidden });
  })];
}

/**
 * Signed in, and allowed to do `action` on the document `:id` of the organization in `?organizationId`
 * (res.locals.document). A missing or malformed organizationId answers 400 with `messages.organizationRequired`;
 * an organization the caller may not read answers 404, and `find` answers 404 for a document not in it.
 */
export function documentRoute<T extends { uploadedBy: string | null }>(
  ctx: ApiContext,
  action: Action,
  find: (id: string, organizationId: string) => Promise<T>,
  messages: { organizationRequired: string; forbidden?: string },
): RequestHandler[] {
  return [requireUser(ctx), declare({ scope: 'document', action, entity: 'document', param: 'organizationId', in: 'query' }, async (req, res) => {
    const organizationId = typeof req.query.organizationId === 'string' ? req.query.organizationId : '';
    if (!UUID.test(organizationId)) throw badRequest(messages.organizationRequired, { organizationId: [messages.organizationRequired] });
    requirePermission(req, 'read', 'document', { organizationId }, { notFound: 'Organization not found' });
    const document = await find(String(req.params.id), organizationId);
    const role = requirePermission(req, action, 'document', { organizationId, ownerId: document.uploadedBy }, { forbidden: messages.forbidden });
    res.locals.document = { document, organizationId, role };
  })];
}

/** An application the caller may take a workflow action on now (applicationMoveRoute). */
export type MovableApplication = VisibleApplication;

/** The machine's verdict on one application for the caller: the role that may take the action now, else the refusal. */
export type MoveCheck =
  | { app: ApplicationRow; assignment: AssignmentStatus | null; role: RoleName; refused: null }
  | { app: ApplicationRow; assignment: AssignmentStatus | null; role: null; refused: { status: 403 | 409; message: string } };

/**
 * The per-id check of every workflow action (applicationMoveRoute's, and each row of a bulk move): organization users
 * 403 (the review routes are the state's), 404 when unknown or not theirs to read (thrown); else the application with
 * the machine's verdict (domain/workflow.ts `refusal`: 403 for the role, 409 for the status), not thrown.
 */
export async function checkApplicationMove(ctx: ApiContext, req: Request, id: string, move: ActionId): Promise<MoveCheck> {
  const { profile } = currentAuth(req);
  if (profile.roleType !== 'state') throw forbidden(MSG.actionNotAllowed);
  const { app, assignment } = await loadApplicationFor(ctx, req, id, 'read');
  const roles = profile.roles.map((r) => r.name);
  const role = roleAllowing(roles, { status: app.status, assignment }, move);
  if (role) return { app, assignment, role, refused: null };
  const refused = refusal({ status: app.status, role: roles[0], assignment }, move);
  return { app, assignment, role: null, refused: refused ?? { status: 403, message: MSG.actionNotAllowed } };
}

/** The application when the caller may take the workflow action `move` on it now; else checkApplicationMove's 403/404, or the machine's refusal thrown. */
export async function movableApplicationFor(ctx: ApiContext, req: Request, id: string, move: ActionId): Promise<MovableApplication> {
  const checked = await checkApplicationMove(ctx, req, id, move);
  if (checked.refused) throw new ApiError(checked.refused.status, checked.refused.message);
  const { app, role, assignment } = checked;
  return { app, role, assignment };
}

/**
 * The application named by `:param` when the caller may take the workflow action `move` on it now
 * (res.locals.application, a MovableApplication): organization users 403 (the review routes are the state's), 404
 * when unknown or not theirs to read, then the machine (domain/workflow.ts `refusal`): 403 for the role, 409 for the status.
 */
export function applicationMoveRoute(ctx: ApiContext, move: ActionId, param = 'id'): RequestHandler[] {
  return [requireUser(ctx), declare({ scope: 'application-move', action: 'update', entity: 'status', param, move }, async (req, res) => {
    res.locals.application = await movableApplicationFor(ctx, req, String(req.params[param]), move) satisfies MovableApplication;
  })];
}

/**
 * Signed in as a state user holding a 'read status' permission of the table (else 403, organization users with the
 * review routes' message): the gate of the bulk routes, whose ids are each checked by checkApplicationMove.
 * `action` is what the route does ('read': the preview; 'update': the moves, each row refused on its own rules).
 */
export function applicationBulkRoute(ctx: ApiContext, action: 'read' | 'update'): RequestHandler[] {
  const where = action === 'read' ? 'query' : 'body';
  return [requireUser(ctx), declare({ scope: 'application-bulk', action, entity: 'status', param: 'applicationIds', in: where }, async (req) => {
    const { profile } = currentAuth(req);
    if (profile.roleType !== 'state') throw forbidden(MSG.actionNotAllowed);
    if (!profile.roles.some((r) => accessLevels(r.name, 'read', 'status').length > 0)) throw forbidden();
  })];
}

export function visibleApplication(res: Response): VisibleApplication {
  const found = res.locals.application as VisibleApplication | undefined;
  if (!found) throw new Error('visibleApplication() outside an applicationRoute');
  return found;
}

export function historyOwner(res: Response): HistoryOwner {
  const found = res.locals.historyOwner as HistoryOwner | undefined;
  if (!found) throw new Error('historyOwner() outside an applicationHistoryRoute');
  return found;
}

export function organizationRole(res: Response): RoleName {
  const found = res.locals.organizationRole as RoleName | undefined;
  if (!found) throw new Error('organizationRole() outside an organizationRoute');
  return found;
}

export function visibleDocument<T>(res: Response): { document: T; organizationId: string; role: RoleName } {
  const found = res.locals.document as { document: T; organizationId: string; role: RoleName } | undefined;
  if (!found) throw new Error('visibleDocument() outside a documentRoute');
  return found;
}
