// Unlock requests (spec 4 "Locks and unlocks", spec 7; docs/decisions/034):
//   POST unlock-requests?organizationId {applicationId, sectionId, message}      the Organization_Admin asks
//   POST unlock-requests/review-request {applicationId, sectionId, message}      a reviewer or stage admin asks
//   GET  unlock-requests/organization/{orgId}?page&limit&status&applicationId    the organization's list
//   GET  unlock-requests?page&limit&status&organizationId&applicationId          the State Admin's list (requests)
//   GET  unlock-requests/admin-unlocks?…                                         the State Admin's own unlocks
//   PUT  unlock-requests/{id}/approve                                            the State Admin opens the section
//   POST unlock-requests/admin-unlock {applicationId, sectionId, message}        the State Admin opens one directly
//   GET  applications/{id}/unlock-state                                          the form's lock display
//   POST applications/{id}/sections/{sectionId}/relock                           the organization resubmits the section
//   GET  program/unlock-windows                                                  every programme's window (State Admin)
//   PUT  program/{programId}/unlock-window {status: open|closed}                 the State Admin closes or reopens it
// Access: organizationRoute / applicationRoute / loadApplicationFor and the permissions table (unlock-request rows).
import { Router, type Request } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { badRequest, conflict, forbidden, handler, notFound, parseInput } from '../http';
import { currentAuth, requireUser } from '../guard';
import {
  applicationRoute, loadApplicationFor, organizationRole, organizationRoute, requireListScope, visibleApplication,
} from '../services/application-access';
import { applicationSections, organizations, programs, sections, unlockRequests, users } from '../db/schema';
import { loadAnswerState, loadProgram, type ApplicationRow, type Program } from '../services/application-content';
import { createUnlockRequest, isUniqueViolation, listUnlockWindows, openSection, relockSection, setUnlockWindow } from '../services/unlocks';
import { notifySectionUnlocked } from '../services/unlock-notifications';
import { pageEnvelope } from '../db/paging';
import { APPLICATION_MSG, MSG } from '../../domain/messages';
import {
  requestRefusal, UNLOCK_MSG, UNLOCK_STATUSES, unlockRefusal, unlockWindowOpen, WINDOW_MSG, type UnlockKind,
} from '../../domain/unlock-requests';
import { validateAnswers } from '../../domain/validation';
import { permittingRole } from '../../domain/access';
import { SectionRelockedSchema, UnlockApprovedSchema, UnlockListPageSchema, UnlockRequestedSchema, UnlockStateSchema, UnlockWindowSetSchema, UnlockWindowsSchema } from '../../domain/api-schemas';
import { doc, OrganizationIdQuery } from '../openapi/declare';
import { UnlockRequestBody, UnlockWindowBody, UUID } from '../../domain/api-requests';




const ListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(UNLOCK_STATUSES).optional().catch(undefined),
  organizationId: z.string().regex(UUID).optional().catch(undefined),
  applicationId: z.string().trim().max(20).optional().catch(undefined),
});

const decider = alias(users, 'decider');

/** One page of unlock rows matching `where`, newest first (count and page in SQL). */
async function listPage(ctx: ApiContext, where: SQL | undefined, page: number, limit: number) {
  const [counted] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(unlockRequests).where(where);
  const n = Number(counted?.n ?? 0);
  const rows = await ctx.db
    .select({
      id: unlockRequests.id,
      applicationId: unlockRequests.applicationId,
      organizationId: unlockRequests.organizationId,
      organizationName: organizations.legalName,
      sectionId: unlockRequests.sectionId,
      sectionName: sections.name,
      sectionSlug: sections.slug,
      kind: unlockRequests.kind,
      status: unlockRequests.status,
      message: unlockRequests.message,
      createdAt: unlockRequests.createdAt,
      decidedAt: unlockRequests.decidedAt,
      relockedAt: unlockRequests.relockedAt,
      requestedByFirst: users.firstName,
      requestedByLast: users.lastName,
      requestedByRoleType: users.roleType,
      decidedByFirst: decider.firstName,
      decidedByLast: decider.lastName,
    })
    .from(unlockRequests)
    .innerJoin(organizations, eq(organizations.id, unlockRequests.organizationId))
    .innerJoin(sections, eq(sections.id, unlockRequests.sectionId))
    .leftJoin(users, eq(users.id, unlockRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, unlockRequests.decidedBy))
    .where(where)
    .orderBy(desc(unlockRequests.createdAt), desc(unlockRequests.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const requests = rows.map(({ requestedByFirst, requestedByLast, requestedByRoleType, decidedByFirst, decidedByLast, ...r }) => ({
    ...r,
    requestedBy: requestedByFirst ? { firstName: requestedByFirst, lastName: requestedByLast } : null,
    // Which side asked: the organization, or a reviewer or stage admin from the review screen (decision 034).
    requestedBySide: requestedByRoleType === 'state' ? ('state' as const) : ('organization' as const),
    decidedBy: decidedByFirst ? { firstName: decidedByFirst, lastName: decidedByLast } : null,
  }));
  // Spec 3: total, page, limit, requests (and the paging envelope every list has).
  return { ...pageEnvelope(page, limit, n), total: n, limit, requests };
}

function filters(q: z.infer<typeof ListQuery>, kind: UnlockKind | null): SQL[] {
  const where: SQL[] = [];
  if (kind) where.push(eq(unlockRequests.kind, kind));
  if (q.status) where.push(eq(unlockRequests.status, q.status));
  if (q.organizationId) where.push(eq(unlockRequests.organizationId, q.organizationId));
  if (q.applicationId) {
    const id = q.applicationId.toUpperCase();
    where.push(like(unlockRequests.applicationId, `${id.startsWith('GA-') ? id : `GA-${id}`}%`));
  }
  return where;
}

/** A state caller who may do `action` on every unlock request (the State_Admin); others 403. */
function requireStateUnlocks(req: Request, action: 'read' | 'update'): void {
  if (currentAuth(req).profile.roleType !== 'state') throw forbidden(MSG.actionNotAllowed);
  const scope = requireListScope(req, action, 'unlock-request');
  if (!('all' in scope)) throw forbidden();
}

interface SectionFacts {
  program: Program;
  section: Program['sections'][number];
  unlocked: boolean;
  pending: boolean;
  windowOpen: boolean;
}

async function sectionFacts(ctx: ApiContext, app: ApplicationRow, sectionId: string): Promise<SectionFacts> {
  const program = await loadProgram(ctx.db, app.programId);
  const section = program.sections.find((s) => s.id === sectionId);
  if (!section) throw notFound(UNLOCK_MSG.sectionNotFound);
  const [row] = await ctx.db
    .select({ unlocked: applicationSections.unlocked })
    .from(applicationSections)
    .where(and(eq(applicationSections.applicationId, app.id), eq(applicationSections.sectionId, section.id)));
  const [pending] = await ctx.db
    .select({ id: unlockRequests.id })
    .from(unlockRequests)
    .where(and(eq(unlockRequests.applicationId, app.id), eq(unlockRequests.sectionId, section.id), eq(unlockRequests.status, 'PENDING')))
    .limit(1);
  const [prog] = await ctx.db
    .select({ dueDate: programs.dueDate, unlockWindowClosedAt: programs.unlockWindowClosedAt })
    .from(programs)
    .where(eq(programs.id, app.programId));
  return { program, section, unlocked: !!row?.unlocked, pending: !!pending, windowOpen: !!prog && unlockWindowOpen(prog) };
}

const nameOf = (req: Request) => {
  const { profile } = currentAuth(req);
  return `${profile.firstName} ${profile.lastName}`.trim();
};

export function unlockRequestRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const signedIn = requireUser(ctx);

  // The Organization_Admin asks the State Admin to unlock a section of a locked application (staff 403).
  router.post('/unlock-requests', doc({ ok: UnlockRequestedSchema, summary: 'Ask the state to unlock a section', query: OrganizationIdQuery, body: UnlockRequestBody, status: 201, errors: [409] }), ...organizationRoute(ctx, 'create', { entity: 'unlock-request', query: 'organizationId' }), handler(async (req, res) => {
    organizationRole(res);
    const organizationId = String(req.query.organizationId);
    const body = parseInput(UnlockRequestBody, req.body);
    const { app } = await loadApplicationFor(ctx, req, body.applicationId, 'read');
    // Another organization's application, named under the caller's own: as unknown (never leak existence).
    if (app.organizationId !== organizationId) throw notFound(APPLICATION_MSG.notFound);
    const facts = await sectionFacts(ctx, app, body.sectionId);
    const refused = requestRefusal({ status: app.status, isEntityProfile: facts.section.isEntityProfile, ...facts });
    if (refused) throw conflict(refused);
    const id = await createUnlockRequest(ctx, {
      applicationId: app.id, organizationId, section: facts.section, message: body.message, userId: currentAuth(req).profile.id, by: nameOf(req), side: 'organization',
    });
    res.status(201).json({ message: UNLOCK_MSG.sent, detail: UNLOCK_MSG.sentDetail, id, applicationId: app.id, sectionId: facts.section.id, status: 'PENDING' });
  }));

  // A reviewer or stage admin asks the State Admin to unlock a section of an application they review (spec 4 "An org
  // admin or reviewer-side request"; decision 034): the same request as the organization's, listed and approved alike.
  // 404 when the caller may not read the application, 403 for a role without create:unlock-request over it (the
  // State_Admin unlocks directly; organization users ask through POST unlock-requests?organizationId). The
  // programme's unlock window is the applicant's and does not apply here.
  router.post('/unlock-requests/review-request', doc({ ok: UnlockRequestedSchema, summary: 'A reviewer asks the State Admin to unlock a section', body: UnlockRequestBody, status: 201, errors: [403, 404, 409] }), signedIn, handler(async (req, res) => {
    const { profile } = currentAuth(req);
    if (profile.roleType !== 'state') throw forbidden(UNLOCK_MSG.reviewerOnly);
    const body = parseInput(UnlockRequestBody, req.body);
    const { app, assignment } = await loadApplicationFor(ctx, req, body.applicationId, 'read');
    if (!permittingRole(profile, 'create', 'unlock-request', { application: { organizationId: app.organizationId, status: app.status, assigned: assignment !== null } })) {
      throw forbidden(UNLOCK_MSG.reviewerOnly);
    }
    const facts = await sectionFacts(ctx, app, body.sectionId);
    const refused = unlockRefusal({ status: app.status, isEntityProfile: facts.section.isEntityProfile, ...facts });
    if (refused) throw conflict(refused);
    const id = await createUnlockRequest(ctx, {
      applicationId: app.id, organizationId: app.organizationId, section: facts.section, message: body.message, userId: profile.id, by: nameOf(req), side: 'state',
    });
    res.status(201).json({ message: UNLOCK_MSG.sent, detail: UNLOCK_MSG.sentDetail, id, applicationId: app.id, sectionId: facts.section.id, status: 'PENDING' });
  }));

  router.get('/unlock-requests/organization/:orgId', doc({ ok: UnlockListPageSchema, summary: 'An organization\'s unlock requests', query: ListQuery }), ...organizationRoute(ctx, 'read', { entity: 'unlock-request', param: 'orgId' }), handler(async (req, res) => {
    const q = parseInput(ListQuery, req.query);
    const where = [eq(unlockRequests.organizationId, String(req.params.orgId)), ...filters({ ...q, organizationId: undefined }, null)];
    res.json(await listPage(ctx, and(...where), q.page, q.limit));
  }));

  router.get('/unlock-requests', doc({ ok: UnlockListPageSchema, summary: 'Every unlock request (State Admin)', query: ListQuery, errors: [403] }), signedIn, handler(async (req, res) => {
    requireStateUnlocks(req, 'read');
    const q = parseInput(ListQuery, req.query);
    res.json(await listPage(ctx, and(...filters(q, 'REQUEST')), q.page, q.limit));
  }));

  router.get('/unlock-requests/admin-unlocks', doc({ ok: UnlockListPageSchema, summary: 'The sections the State Admin unlocked directly', query: ListQuery, errors: [403] }), signedIn, handler(async (req, res) => {
    requireStateUnlocks(req, 'read');
    const q = parseInput(ListQuery, req.query);
    res.json(await listPage(ctx, and(...filters(q, 'ADMIN_UNLOCK')), q.page, q.limit));
  }));

  router.put('/unlock-requests/:id/approve', doc({ ok: UnlockApprovedSchema, summary: 'Approve an unlock request', errors: [409] }), signedIn, handler(async (req, res) => {
    requireStateUnlocks(req, 'update');
    const id = String(req.params.id);
    const [request] = UUID.test(id) ? await ctx.db.select().from(unlockRequests).where(eq(unlockRequests.id, id)).limit(1) : [];
    if (!request) throw notFound(UNLOCK_MSG.notFound);
    if (request.status === 'APPROVED') throw conflict(UNLOCK_MSG.alreadyApproved);
    if (request.status === 'RELOCKED') throw conflict(UNLOCK_MSG.alreadyRelocked);
    const { app } = await loadApplicationFor(ctx, req, request.applicationId, 'update', 'unlock-request');
    const facts = await sectionFacts(ctx, app, request.sectionId);
    const refused = unlockRefusal({ status: app.status, isEntityProfile: facts.section.isEntityProfile, ...facts, pending: false });
    if (refused) throw conflict(refused);
    const userId = currentAuth(req).profile.id;
    // Which side asked (decision 034): the history says whose request was approved.
    const [asker] = request.requestedBy ? await ctx.db.select({ roleType: users.roleType }).from(users).where(eq(users.id, request.requestedBy)) : [];
    const side = asker?.roleType === 'state' ? ('state' as const) : ('organization' as const);
    await ctx.db.transaction((tx) => openSection(tx, { applicationId: app.id, organizationId: app.organizationId, section: facts.section, program: facts.program, userId }, { ...request, side }));
    await notifySectionUnlocked(ctx, { applicationId: app.id, sectionId: facts.section.id, message: request.message, by: nameOf(req), approved: true });
    res.json({ message: UNLOCK_MSG.approved, id: request.id, status: 'APPROVED', applicationId: app.id, sectionId: facts.section.id });
  }));

  router.post('/unlock-requests/admin-unlock', doc({ ok: UnlockApprovedSchema, summary: 'Unlock a section directly (State Admin)', body: UnlockRequestBody, status: 201, errors: [404, 409] }), signedIn, handler(async (req, res) => {
    requireStateUnlocks(req, 'update');
    const body = parseInput(UnlockRequestBody, req.body);
    const { app } = await loadApplicationFor(ctx, req, body.applicationId, 'update', 'unlock-request');
    const facts = await sectionFacts(ctx, app, body.sectionId);
    const refused = unlockRefusal({ status: app.status, isEntityProfile: facts.section.isEntityProfile, ...facts });
    if (refused) throw conflict(refused === UNLOCK_MSG.pending ? UNLOCK_MSG.pendingForAdmin : refused);
    const userId = currentAuth(req).profile.id;
    let id: string;
    try {
      id = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(unlockRequests)
          .values({ applicationId: app.id, organizationId: app.organizationId, sectionId: facts.section.id, kind: 'ADMIN_UNLOCK', status: 'PENDING', message: body.message, requestedBy: userId })
          .returning({ id: unlockRequests.id });
        await openSection(tx, { applicationId: app.id, organizationId: app.organizationId, section: facts.section, program: facts.program, userId }, { id: row!.id, kind: 'ADMIN_UNLOCK', message: body.message });
        return row!.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(UNLOCK_MSG.alreadyUnlocked);
      throw err;
    }
    await notifySectionUnlocked(ctx, { applicationId: app.id, sectionId: facts.section.id, message: body.message, by: nameOf(req), approved: false });
    res.status(201).json({ message: UNLOCK_MSG.adminUnlocked, id, status: 'APPROVED', applicationId: app.id, sectionId: facts.section.id });
  }));

  // The form's lock display: the window, and per form section whether it is open, waiting, or may be asked for.
  router.get('/applications/:id/unlock-state', doc({ ok: UnlockStateSchema, summary: 'Which sections are locked, unlocked or asked for' }), ...applicationRoute(ctx, 'read'), handler(async (_req, res) => {
    const { app } = visibleApplication(res);
    const program = await loadProgram(ctx.db, app.programId);
    const [prog] = await ctx.db
      .select({ dueDate: programs.dueDate, unlockWindowClosedAt: programs.unlockWindowClosedAt })
      .from(programs)
      .where(eq(programs.id, app.programId));
    const windowOpen = !!prog && unlockWindowOpen(prog);
    const rows = await ctx.db.select().from(applicationSections).where(eq(applicationSections.applicationId, app.id));
    const open = await ctx.db
      .select({ sectionId: unlockRequests.sectionId, status: unlockRequests.status, kind: unlockRequests.kind })
      .from(unlockRequests)
      .where(and(eq(unlockRequests.applicationId, app.id), sql`${unlockRequests.status} in ('PENDING', 'APPROVED')`));
    res.json({
      applicationId: app.id,
      status: app.status,
      windowOpen,
      dueDate: prog?.dueDate ?? null,
      sections: program.sections.filter((s) => !s.isEntityProfile).map((s) => {
        const unlocked = !!rows.find((r) => r.sectionId === s.id)?.unlocked;
        const pending = open.some((o) => o.sectionId === s.id && o.status === 'PENDING');
        const facts = { status: app.status, isEntityProfile: false, unlocked, pending, windowOpen };
        return {
          sectionId: s.id,
          unlocked,
          pending,
          // Opened by an unlock (not by a revision): the organization resubmits it on its own.
          unlockedByRequest: open.some((o) => o.sectionId === s.id && o.status === 'APPROVED'),
          requestRefusal: requestRefusal(facts),
        };
      }),
    });
  }));

  // The organization is done changing an unlocked section: it is locked again and the history keeps what changed.
  router.post('/applications/:id/sections/:sectionId/relock', doc({ ok: SectionRelockedSchema, summary: 'Resubmit an unlocked section (locks it again)', errors: [409] }), ...applicationRoute(ctx, 'update'), handler(async (req, res) => {
    const { app } = visibleApplication(res);
    const sectionId = String(req.params.sectionId);
    if (!UUID.test(sectionId)) throw notFound(UNLOCK_MSG.sectionNotFound);
    const facts = await sectionFacts(ctx, app, sectionId);
    if (app.status === 'REVISION_NEEDED' && facts.unlocked) throw conflict(UNLOCK_MSG.revisionRelock);
    if (!facts.unlocked) throw conflict(UNLOCK_MSG.notUnlocked);
    // What is resubmitted must be complete, as a submit would require (spec 5).
    const state = await loadAnswerState(ctx.db, facts.program, app);
    const qs = facts.program.bySection.get(facts.section.id) ?? [];
    const errors = validateAnswers(qs, state.byQuestionId, { context: 'application', answersBySystemNo: state.bySystemNo });
    if (Object.keys(errors).length > 0) {
      throw badRequest(APPLICATION_MSG.answersNeedAttention(Object.keys(errors).length), Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
    }
    const changes = await relockSection(ctx, { applicationId: app.id, organizationId: app.organizationId, section: facts.section, program: facts.program, userId: currentAuth(req).profile.id });
    res.json({ message: UNLOCK_MSG.relocked, applicationId: app.id, sectionId: facts.section.id, changes });
  }));

  // The programmes' unlock windows (docs/decisions/039): the State Admin reads them and closes or reopens one.
  router.get('/program/unlock-windows', doc({ ok: UnlockWindowsSchema, summary: 'The programmes\' unlock windows', errors: [403] }), signedIn, handler(async (req, res) => {
    requireStateUnlocks(req, 'read');
    res.json({ windows: await listUnlockWindows(ctx.db) });
  }));

  router.put('/program/:programId/unlock-window', doc({ ok: UnlockWindowSetSchema, summary: 'Open or close a programme\'s unlock window', body: UnlockWindowBody, errors: [409] }), signedIn, handler(async (req, res) => {
    requireStateUnlocks(req, 'update');
    const programId = String(req.params.programId);
    if (!UUID.test(programId)) throw notFound(WINDOW_MSG.programNotFound);
    const { status } = parseInput(UnlockWindowBody, req.body);
    const window = await setUnlockWindow(ctx, programId, status, currentAuth(req).profile.id);
    res.json({ message: status === 'closed' ? WINDOW_MSG.closed : WINDOW_MSG.reopened, window });
  }));

  return router;
}
