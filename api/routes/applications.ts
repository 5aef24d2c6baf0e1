// Applications of an organization (spec 7 Applications): programmes, project areas, the paged list,
// create, cancel, delete. Rules: DESIGN sections 4-5 (only org admins write; only drafts are cancelled or deleted).
import crypto from 'node:crypto';
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, asc, desc, eq, gte, inArray, like, lt, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { badRequest, handler, notFound, parseInput } from '../http';
import { anyOf, pageEnvelope, pagePlaceholders, pagedStatements, pageQuery, param } from '../db/paging';
import { commaList, dayRangeEnd, dayRangeStart, idSearchText, listFilters, type ListFilter, type ListFilters } from '../db/filters';
import { currentAuth, requireUser } from '../guard';
import {
  answers, applicationSections, applications, programs, projectAreas, questions, sections, users,
} from '../db/schema';
import { audit } from '../services/audit';
import { executeMove } from '../services/application-moves';
import { applicationRoute, organizationRoute, visibleApplication } from '../services/application-access';
import { APPLICATION_MSG } from '../../domain/messages';
import { isApplicationStatus } from '../../domain/statuses';
import { INELIGIBLE_TECHNOLOGY_TYPES } from '../../domain/technology';
import { IsoDaySchema } from '../../domain/input';
import { doc, OrganizationIdQuery } from '../openapi/declare';
import { ApplicationCreatedSchema, ApplicationListPageSchema, MessageSchema, ProgramSchema, ProjectAreaSchema } from '../../domain/api-schemas';
import { ApplicationCancelBody, ApplicationCreateBody } from '../../domain/api-requests';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export function newApplicationId(): string {
  let id = 'GA-';
  for (let i = 0; i < 6; i++) id += ID_ALPHABET[crypto.randomInt(0, ID_ALPHABET.length)];
  return id;
}

const ListQuery = pageQuery(1000).extend({
  projectLocation: z.string().trim().optional(),
  startDate: IsoDaySchema.optional(),
  endDate: IsoDaySchema.optional(),
  applicationId: z.string().trim().max(20).optional(),
  /** A status, or SUBMITTED_ANY: submitted or later (what the dashboard counts as submitted). */
  status: z.string().trim().optional(),
});



/** The list row: spec 3 Application fields. */
function listColumns() {
  return {
    applicationId: applications.id,
    programId: applications.programId,
    programName: programs.name,
    programDuedate: programs.dueDate,
    status: applications.status,
    projectLocation: applications.projectLocation,
    technologyType: applications.technologyType,
    createdAt: applications.createdAt,
    submittedAt: applications.submittedAt,
    submittedByFirstName: users.firstName,
    submittedByLastName: users.lastName,
  };
}

type ListRow = {
  applicationId: string; programId: string; programName: string; programDuedate: Date | null; status: string;
  projectLocation: string | null; technologyType: string | null; createdAt: Date; submittedAt: Date | null;
  submittedByFirstName: string | null; submittedByLastName: string | null;
};

export function toApplication(row: ListRow) {
  return {
    id: row.applicationId,
    applicationId: row.applicationId,
    programId: row.programId,
    program: { name: row.programName },
    programDuedate: row.programDuedate,
    status: row.status,
    projectLocation: row.projectLocation,
    technologyType: row.technologyType,
    createdAt: row.createdAt,
    submittedAt: row.submittedAt,
    submittedByUser: row.submittedByFirstName ? { firstName: row.submittedByFirstName, lastName: row.submittedByLastName } : null,
  };
}

type ListQuery = z.infer<typeof ListQuery>;

/** The org list's filters (api/db/filters.ts): places, a day range of creation, an id search, a status. */
const ORG_LIST_FILTERS: readonly ListFilter<ListQuery>[] = [
  { param: 'locations', letter: 'l', where: anyOf(applications.projectLocation, 'locations'), value: (q) => commaList(q.projectLocation) },
  { param: 'from', letter: 'f', where: gte(applications.createdAt, sql`${param('from')}::timestamptz`), value: (q) => dayRangeStart(q.startDate) },
  { param: 'to', letter: 't', where: lt(applications.createdAt, sql`${param('to')}::timestamptz`), value: (q) => dayRangeEnd(q.endDate) },
  // Anywhere in the id ('001' finds GA-LKV001), on the organization's own applications.
  { param: 'search', letter: 'i', where: like(applications.id, sql`${param('search')}::text`), value: (q) => (q.applicationId ? `%${idSearchText(q.applicationId)}%` : undefined) },
  { letter: 'S', where: notInArray(applications.status, ['DRAFT', 'CANCELLED']), value: (q) => q.status === 'SUBMITTED_ANY' },
  { param: 'status', letter: 's', where: eq(applications.status, sql`${param('status')}::text`), value: (q) => (q.status && isApplicationStatus(q.status) ? q.status : undefined) },
];

/**
 * The list's filters as placeholders: `shape` names which are set (one prepared statement per shape),
 * `values` fills them. A filter that cannot match (an unknown status) is refused here.
 */
export function applicationFilters(q: ListQuery): ListFilters {
  if (q.status && q.status !== 'ALL' && q.status !== 'SUBMITTED_ANY' && !isApplicationStatus(q.status)) {
    throw badRequest('Unknown status filter', { status: ['Unknown status filter'] });
  }
  return listFilters(q, ORG_LIST_FILTERS);
}

export function applicationRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const signedIn = requireUser(ctx);

  router.get('/program/all', doc({ summary: 'The programmes', ok: z.array(ProgramSchema) }), signedIn, handler(async (_req, res) => {
    const rows = await ctx.db.select().from(programs).orderBy(asc(programs.name));
    res.json(rows.map((p) => ({ id: p.id, name: p.name, description: p.description, dueDate: p.dueDate, status: p.status })));
  }));

  router.get('/project-area/all', doc({ ok: z.array(ProjectAreaSchema), summary: 'The project areas' }), signedIn, handler(async (_req, res) => {
    res.json(await ctx.db.select().from(projectAreas).orderBy(asc(projectAreas.name)));
  }));

  router.get('/project-area/:area', doc({ ok: ProjectAreaSchema, summary: 'One project area' }), signedIn, handler(async (req, res) => {
    const area = String(req.params.area);
    const [row] = await ctx.db
      .select()
      .from(projectAreas)
      .where(/^[0-9a-f-]{36}$/.test(area) ? eq(projectAreas.id, area) : eq(projectAreas.name, area))
      .limit(1);
    if (!row) throw notFound('Project area not found');
    res.json(row);
  }));

  // Count and page in one prepared statement per shape of filters (api/db/paging.ts, decision 012).
  const organizationPage = pagedStatements<ListRow>(ctx.db, 'org_applications');
  router.get('/organization/:orgId/applications', doc({ summary: 'An organization\'s applications (search, filters, paging)', query: ListQuery, ok: ApplicationListPageSchema }), ...organizationRoute(ctx, 'read', { entity: 'application' }), handler(async (req, res) => {
    const q = parseInput(ListQuery, req.query);
    const filters = applicationFilters(q);
    const { total, rows } = await organizationPage(filters.shape, () => ({
      columns: listColumns(),
      from: applications,
      join: (page) => page
        .innerJoin(programs, eq(programs.id, applications.programId))
        .leftJoin(users, eq(users.id, applications.submittedBy)),
      where: and(eq(applications.organizationId, sql`${param('orgId')}::uuid`), ...filters.where),
      orderBy: [desc(applications.createdAt), desc(applications.id)],
    }), { ...filters.values, orgId: String(req.params.orgId), ...pagePlaceholders(q) });
    res.json({ ...pageEnvelope(q.page, q.limit, total), applications: rows.map(toApplication) });
  }));

  router.post('/applications/create', doc({ ok: ApplicationCreatedSchema, summary: 'Start an application', description: 'The organization is `?organizationId`.', query: OrganizationIdQuery, body: ApplicationCreateBody, status: 201, errors: [409] }), ...organizationRoute(ctx, 'create', { entity: 'application', query: 'organizationId' }), handler(async (req, res) => {
    const organizationId = String(req.query.organizationId);
    const body = parseInput(ApplicationCreateBody, req.body);
    if (INELIGIBLE_TECHNOLOGY_TYPES.includes(body.technologyType)) {
      throw badRequest(APPLICATION_MSG.ineligibleTechnology, { technologyType: [APPLICATION_MSG.ineligibleTechnology] });
    }
    const [program] = await ctx.db.select().from(programs).where(eq(programs.id, body.programId)).limit(1);
    if (!program) throw badRequest(APPLICATION_MSG.unknownProgram, { programId: [APPLICATION_MSG.unknownProgram] });
    const [area] = await ctx.db.select().from(projectAreas).where(eq(projectAreas.name, body.projectLocation)).limit(1);
    if (!area) throw badRequest(APPLICATION_MSG.unknownArea, { projectLocation: [APPLICATION_MSG.unknownArea] });
    const userId = currentAuth(req).profile.id;

    const created = await ctx.db.transaction(async (tx) => {
      let id = newApplicationId();
      for (let i = 0; i < 5; i++) {
        const [taken] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, id)).limit(1);
        if (!taken) break;
        id = newApplicationId();
      }
      await tx.insert(applications).values({
        id, programId: program.id, organizationId, status: 'DRAFT',
        projectLocation: area.name, technologyType: body.technologyType, createdBy: userId,
      });
      const programSections = await tx.select({ id: sections.id }).from(sections).where(eq(sections.programId, program.id));
      if (programSections.length) {
        await tx.insert(applicationSections).values(programSections.map((s) => ({ applicationId: id, sectionId: s.id })));
      }
      // The answers fixed at creation: the application number (179), the project area (21), the technology (24).
      const fixed = await tx
        .select({ id: questions.id, systemNo: questions.systemNo })
        .from(questions)
        .innerJoin(sections, eq(sections.id, questions.sectionId))
        .where(and(eq(sections.programId, program.id), inArray(questions.systemNo, ['179', '21', '24'])));
      const values: Record<string, string> = { '179': id, '21': area.name, '24': body.technologyType };
      if (fixed.length) {
        await tx.insert(answers).values(fixed.map((q) => ({ applicationId: id, questionId: q.id, value: values[q.systemNo], updatedBy: userId })));
      }
      await audit(tx, {
        action: 'APPLICATION_CREATED', entity: 'application', userId, applicationId: id, organizationId,
        toStatus: 'DRAFT', details: { programName: program.name, projectLocation: area.name, technologyType: body.technologyType },
      });
      return id;
    });
    res.status(201).json({ message: APPLICATION_MSG.created, applicationId: created, id: created, status: 'DRAFT' });
  }));

  // Delete and cancel are moves of the machine (domain/workflow.ts), made by the one executor.
  router.delete('/applications/:id/delete', doc({ ok: MessageSchema, summary: 'Delete a draft application', errors: [409] }), ...applicationRoute(ctx, 'delete'), handler(async (req, res) => {
    const { app, role } = visibleApplication(res);
    await executeMove(ctx, app, { userId: currentAuth(req).profile.id, role }, 'delete', {}, {
      // The audit entry outlives the application.
      details: { projectLocation: app.projectLocation, technologyType: app.technologyType },
    });
    res.json({ message: APPLICATION_MSG.deleted });
  }));

  router.post('/applications/:id/cancel', doc({ ok: MessageSchema, summary: 'Cancel an application with a reason', body: ApplicationCancelBody, errors: [409] }), ...applicationRoute(ctx, 'update'), handler(async (req, res) => {
    const { app, role } = visibleApplication(res);
    const { message } = parseInput(ApplicationCancelBody, req.body);
    await executeMove(ctx, app, { userId: currentAuth(req).profile.id, role }, 'cancel', { comments: message }, {
      set: { cancelReason: message },
      details: null,
    });
    res.json({ message: APPLICATION_MSG.cancelled });
  }));

  return router;
}


