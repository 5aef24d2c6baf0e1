// The history (logged actions, spec 7: GET logged-actions/{applicationId}/application?page&limit), paged, readable:
// of one application, of one organization, and the state's whole history (GET logged-actions with filters, decision 031).
import { Router } from 'express';
import { and, desc, eq, gte, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { handler, parseInput } from '../http';
import { pageEnvelope, pagePlaceholders, pagedStatements, pageQuery, param } from '../db/paging';
import { dayRangeEnd, dayRangeStart, idSearchText, listFilters, type ListFilter } from '../db/filters';
import { currentAuth, requireUser } from '../guard';
import { applications, loggedActions, organizations, users } from '../db/schema';
import { applicationHistoryRoute, historyOwner, organizationRoute, requireListScope } from '../services/application-access';
import { APPLICATION_STATUSES, isSubmittedOrLater } from '../../domain/statuses';
import { IsoDaySchema } from '../../domain/input';
import { rejectReasonText } from '../../domain/workflow';

const PageQuery = pageQuery(200);

/** The state's whole history: the page, and its filters (application id prefix, organization, action, user, New York days). */
const HistoryQuery = PageQuery.extend({
  applicationId: z.string().trim().max(20).optional(),
  organizationId: z.string().uuid().optional(),
  action: z.string().trim().max(60).optional(),
  userId: z.string().uuid().optional(),
  startDate: IsoDaySchema.optional(),
  endDate: IsoDaySchema.optional(),
});

const FiltersQuery = z.object({ organizationId: z.string().uuid().optional() });

/** The whole history's filters (api/db/filters.ts). */
const HISTORY_FILTERS: readonly ListFilter<z.infer<typeof HistoryQuery>>[] = [
  // Ids are upper case: a prefix (like 'GA-AB%', on the text_pattern_ops index).
  { param: 'prefix', letter: 'i', where: like(loggedActions.applicationId, sql`${param('prefix')}::text`),
    value: (q) => (q.applicationId ? `${idSearchText(q.applicationId)}%` : undefined) },
  { param: 'organizationId', letter: 'g', where: eq(loggedActions.organizationId, sql`${param('organizationId')}::uuid`), value: (q) => q.organizationId },
  { param: 'action', letter: 'a', where: eq(loggedActions.action, sql`${param('action')}::text`), value: (q) => q.action },
  { param: 'userId', letter: 'u', where: eq(loggedActions.userId, sql`${param('userId')}::uuid`), value: (q) => q.userId },
  { param: 'from', letter: 'f', where: gte(loggedActions.createdAt, sql`${param('from')}::timestamptz`), value: (q) => dayRangeStart(q.startDate) },
  { param: 'to', letter: 't', where: lt(loggedActions.createdAt, sql`${param('to')}::timestamptz`), value: (q) => dayRangeEnd(q.endDate) },
];

const SUBMITTED_STATUSES = APPLICATION_STATUSES.filter(isSubmittedOrLater);

type HistoryRow = {
  id: string; applicationId: string | null; organizationId: string | null; organizationName: string | null;
  action: string; entity: string; fromStatus: string | null; toStatus: string | null; comments: string | null; details: unknown;
  createdAt: Date; userId: string | null; userFirstName: string | null; userLastName: string | null; userEmail: string | null;
  sectionNames: string[] | null; reviewerNames: string[] | null;
};

/** Names of the ids a move's details list (`details->key`, an array of uuids as text), in `order`; null when it lists none. */
const namesOf = (key: string, table: 'sections' | 'users', name: SQL, order: SQL) =>
  sql<string[] | null>`(select array_agg(${name} order by ${order}) from ${sql.identifier(table)} n
    where jsonb_typeof(${loggedActions.details} -> ${sql.raw(`'${key}'`)}) = 'array'
    and n.id::text in (select jsonb_array_elements_text(${loggedActions.details} -> ${sql.raw(`'${key}'`)})))`;

export function historyRoutes(ctx: ApiContext): Router {
  const router = Router();

  /** Entries of applications the state may see (submitted or later), and entries of no application. */
  const seenByState = () =>
    or(
      isNull(loggedActions.applicationId),
      inArray(loggedActions.applicationId, ctx.db.select({ id: applications.id }).from(applications).where(inArray(applications.status, SUBMITTED_STATUSES))),
    )!;

  // Count and page in one prepared statement per kind of history and shape of filters (api/db/paging.ts, decision 012).
  const historyPage = pagedStatements<HistoryRow>(ctx.db, 'history');
  async function page(shape: string, where: SQL, values: Record<string, unknown>, query: z.infer<typeof PageQuery>) {
    const { total, rows } = await historyPage(shape, () => ({
      columns: {
        id: loggedActions.id,
        applicationId: loggedActions.applicationId,
        organizationId: loggedActions.organizationId,
        organizationName: organizations.legalName,
        action: loggedActions.action,
        entity: loggedActions.entity,
        fromStatus: loggedActions.fromStatus,
        toStatus: loggedActions.toStatus,
        comments: loggedActions.comments,
        details: loggedActions.details,
        createdAt: loggedActions.createdAt,
        userId: loggedActions.userId,
        userFirstName: users.firstName,
        userLastName: users.lastName,
        userEmail: users.email,
        sectionNames: namesOf('sectionIds', 'sections', sql`n.name`, sql`n.display_order`).as('section_names'),
        reviewerNames: namesOf('reviewerIds', 'users', sql`n.first_name || ' ' || n.last_name`, sql`n.last_name, n.first_name`).as('reviewer_names'),
      },
      from: loggedActions,
      join: (q) => q.leftJoin(users, eq(users.id, loggedActions.userId)).leftJoin(organizations, eq(organizations.id, loggedActions.organizationId)),
      where,
      orderBy: [desc(loggedActions.createdAt), desc(loggedActions.seq)],
    }), { ...values, ...pagePlaceholders(query) });
    return {
      ...pageEnvelope(query.page, query.limit, total),
      loggedActions: rows.map(({ userFirstName, userLastName, userEmail, ...row }) => ({
        ...row,
        user: userFirstName ? { firstName: userFirstName, lastName: userLastName, email: userEmail } : null,
        reason: rejectReasonText((row.details as { reasonId?: unknown } | null)?.reasonId),
      })),
    };
  }

  router.get('/logged-actions/:applicationId/application', ...applicationHistoryRoute(ctx), handler(async (req, res) => {
    const { applicationId } = historyOwner(res);
    const where = eq(loggedActions.applicationId, sql`${param('applicationId')}::text`);
    res.json(await page('application', where, { applicationId }, parseInput(PageQuery, req.query)));
  }));

  router.get('/logged-actions/organization/:orgId', ...organizationRoute(ctx, 'read', { entity: 'history' }), handler(async (req, res) => {
    const ofOrganization = eq(loggedActions.organizationId, sql`${param('orgId')}::uuid`);
    // The state reads the entries of applications it may see (submitted ones), and the organization's own entries.
    const state = currentAuth(req).profile.roleType === 'state';
    const where = state ? and(ofOrganization, seenByState())! : ofOrganization;
    res.json(await page(state ? 'organization_state' : 'organization', where, { orgId: String(req.params.orgId) }, parseInput(PageQuery, req.query)));
  }));

  // The whole history the caller may read (the permissions table's read:history through listScope): every
  // organization's for State_Admin and RSM_Admin (entries of drafts and cancelled applications left out, as
  // above), the caller's own organizations' for organization users, 403 for the others.
  router.get('/logged-actions', requireUser(ctx), handler(async (req, res) => {
    const scope = requireListScope(req, 'read', 'history');
    const q = parseInput(HistoryQuery, req.query);
    const filters = listFilters(q, HISTORY_FILTERS);
    // The caller's scope first: every entry the state sees, or their organizations' entries.
    const [scoped, scopeLetter, scopeValues] = 'all' in scope
      ? [seenByState(), 's', {}]
      : [sql`${loggedActions.organizationId} = any(${param('organizations')}::uuid[])`, 'o', { organizations: scope.organizations }];
    res.json(await page(`all_${scopeLetter}${filters.shape}`, and(scoped, ...filters.where)!, { ...scopeValues, ...filters.values }, q));
  }));

  // The whole history's filter choices: the organizations and the people the caller's history holds entries of.
  router.get('/logged-actions/filters', requireUser(ctx), handler(async (req, res) => {
    const scope = requireListScope(req, 'read', 'history');
    // ?organizationId narrows the people to that organization's entries (an organization's own history, decision 039).
    const organizationId = parseInput(FiltersQuery, req.query).organizationId;
    const own = 'all' in scope ? sql`true` : inArray(loggedActions.organizationId, scope.organizations);
    const inScope = organizationId ? and(own, eq(loggedActions.organizationId, organizationId))! : own;
    const [orgs, people] = await Promise.all([
      ctx.db
        .select({ id: organizations.id, name: organizations.legalName })
        .from(organizations)
        .where('all' in scope ? undefined : inArray(organizations.id, scope.organizations))
        .orderBy(organizations.legalName),
      ctx.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(sql`exists (select 1 from ${loggedActions} where ${loggedActions.userId} = ${users.id} and ${inScope})`)
        .orderBy(users.lastName, users.firstName),
    ]);
    res.json({ organizations: orgs, users: people });
  }));

  return router;
}
