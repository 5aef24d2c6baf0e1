// The history (logged actions, spec 7: GET logged-actions/{applicationId}/application?page&limit), paged, readable:
// of one application, of one organization, and the state's whole history (GET logged-actions with filters, decision 031).
// Every one of them, and the filter choices, reads only what the caller may see (domain/history-sight.ts, decision 092):
// the sight is part of the statement's WHERE, so the pages and their totals hold exactly the entries shown.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, desc, eq, gte, inArray, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { handler, parseInput } from '../http';
import { anyOf, pageEnvelope, pagePlaceholders, pagedStatements, pageQuery, param } from '../db/paging';
import { dayRangeEnd, dayRangeStart, idSearchText, listFilters, type ListFilter } from '../db/filters';
import { currentAuth, requireUser } from '../guard';
import { applications, loggedActions, organizations, users } from '../db/schema';
import { applicationHistoryRoute, historyOwner, organizationRoute, requireListScope } from '../services/application-access';
import { APPLICATION_STATUSES, isSubmittedOrLater } from '../../domain/statuses';
import { IsoDaySchema } from '../../domain/input';
import { rejectReasonText } from '../../domain/workflow';
import { actionsSeen, entryAsSeen, historySight, type HistorySight } from '../../domain/history-sight';
import type { RoleName } from '../../domain/roles';
import { HistoryFilterChoicesSchema, HistoryPageSchema } from '../../domain/api-schemas';
import { doc } from '../openapi/declare';

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
  userRoleType: string | null; sectionNames: string[] | null; reviewerNames: string[] | null;
};

/** Names of the ids a move's details list (`details->key`, an array of uuids as text), in `order`; null when it lists none. */
const namesOf = (key: string, table: 'sections' | 'users', name: SQL, order: SQL) =>
  sql<string[] | null>`(select array_agg(${name} order by ${order}) from ${sql.identifier(table)} n
    where jsonb_typeof(${loggedActions.details} -> ${sql.raw(`'${key}'`)}) = 'array'
    and n.id::text in (select jsonb_array_elements_text(${loggedActions.details} -> ${sql.raw(`'${key}'`)})))`;

/** The caller's sight on the history (`assigned`: they are assigned to review the application whose history they read). */
function sightOf(auth: ReturnType<typeof currentAuth>, assigned = false): { sight: HistorySight; viewerId: string } {
  const { profile } = auth;
  const roles: RoleName[] = profile.roleType === 'state' ? profile.roles.map((r) => r.name) : profile.organizations.map((o) => o.role.name);
  return { sight: historySight({ id: profile.id, roles, assigned }), viewerId: profile.id };
}

/**
 * The entries the sight shows (decision 092), as a condition on logged_actions alone (the paged statement counts the
 * table before its joins), its placeholders, and a letter of the statement's shape; null: every entry (no condition).
 */
function sightWhere(sight: HistorySight, viewerId: string): { where: SQL; values: Record<string, unknown>; shape: string } | null {
  if (sight.whole) return null;
  const stage = sql`${loggedActions.details} ->> 'stage'`;
  const branches: SQL[] = [anyOf(loggedActions.action, 'seenActions')];
  const values: Record<string, unknown> = { seenActions: sight.shown };
  let shape = 'v';
  if (sight.staged.length) {
    branches.push(sql`(${anyOf(loggedActions.action, 'seenStaged')} and ${stage} = any(${param('seenStages')}::text[]))`);
    Object.assign(values, { seenStaged: sight.staged, seenStages: sight.stages });
    shape += 's';
  }
  if (sight.own.length) {
    // The caller's own review: an entry they wrote, or an unlock of their review (details.reviewerId, written by the stage's admin).
    const mine = sql`(${loggedActions.userId} = ${param('viewer')}::uuid or ${loggedActions.details} ->> 'reviewerId' = ${param('viewerText')}::text)`;
    branches.push(sql`(${anyOf(loggedActions.action, 'seenOwn')} and ${stage} = any(${param('seenOwnStages')}::text[]) and ${mine})`);
    Object.assign(values, { seenOwn: sight.own, seenOwnStages: sight.ownStages, viewer: viewerId, viewerText: viewerId });
    shape += 'o';
  }
  return { where: sql`(${sql.join(branches, sql` or `)})`, values, shape };
}

export function historyRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  /** Entries of applications the state may see (submitted or later), and entries of no application. */
  const seenByState = () =>
    or(
      isNull(loggedActions.applicationId),
      inArray(loggedActions.applicationId, ctx.db.select({ id: applications.id }).from(applications).where(inArray(applications.status, SUBMITTED_STATUSES))),
    )!;

  // Count and page in one prepared statement per kind of history and shape of filters (api/db/paging.ts, decision 012).
  const historyPage = pagedStatements<HistoryRow>(ctx.db, 'history');
  async function page(
    shape: string, where: SQL, values: Record<string, unknown>, query: z.infer<typeof PageQuery>, { sight, viewerId }: { sight: HistorySight; viewerId: string },
  ) {
    const seen = sightWhere(sight, viewerId);
    const { total, rows } = await historyPage(`${shape}_${seen?.shape ?? 'w'}`, () => ({
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
        userRoleType: users.roleType,
        sectionNames: namesOf('sectionIds', 'sections', sql`n.name`, sql`n.display_order`).as('section_names'),
        reviewerNames: namesOf('reviewerIds', 'users', sql`n.first_name || ' ' || n.last_name`, sql`n.last_name, n.first_name`).as('reviewer_names'),
      },
      from: loggedActions,
      join: (q) => q.leftJoin(users, eq(users.id, loggedActions.userId)).leftJoin(organizations, eq(organizations.id, loggedActions.organizationId)),
      where: seen ? and(where, seen.where)! : where,
      orderBy: [desc(loggedActions.createdAt), desc(loggedActions.seq)],
    }), { ...values, ...seen?.values, ...pagePlaceholders(query) });
    return {
      ...pageEnvelope(query.page, query.limit, total),
      loggedActions: rows.map(({ userFirstName, userLastName, userEmail, ...row }) => entryAsSeen(sight, {
        ...row,
        user: userFirstName ? { firstName: userFirstName, lastName: userLastName, email: userEmail } : null,
        reason: rejectReasonText((row.details as { reasonId?: unknown } | null)?.reasonId),
      })),
    };
  }

  router.get('/logged-actions/:applicationId/application', doc({ ok: HistoryPageSchema, summary: 'An application\'s history', query: PageQuery }), ...applicationHistoryRoute(ctx), handler(async (req, res) => {
    const { applicationId, assigned } = historyOwner(res);
    const where = eq(loggedActions.applicationId, sql`${param('applicationId')}::text`);
    res.json(await page('application', where, { applicationId }, parseInput(PageQuery, req.query), sightOf(currentAuth(req), assigned)));
  }));

  router.get('/logged-actions/organization/:orgId', doc({ ok: HistoryPageSchema, summary: 'An organization\'s history', query: PageQuery }), ...organizationRoute(ctx, 'read', { entity: 'history' }), handler(async (req, res) => {
    const ofOrganization = eq(loggedActions.organizationId, sql`${param('orgId')}::uuid`);
    // The state reads the entries of applications it may see (submitted ones), and the organization's own entries.
    const state = currentAuth(req).profile.roleType === 'state';
    const where = state ? and(ofOrganization, seenByState())! : ofOrganization;
    res.json(await page(state ? 'organization_state' : 'organization', where, { orgId: String(req.params.orgId) }, parseInput(PageQuery, req.query), sightOf(currentAuth(req))));
  }));

  // The whole history the caller may read (the permissions table's read:history through listScope): every
  // organization's for State_Admin and RSM_Admin (entries of drafts and cancelled applications left out, as
  // above), the caller's own organizations' for organization users, 403 for the others.
  router.get('/logged-actions', doc({ ok: HistoryPageSchema, summary: 'The history the caller may see, filtered', query: HistoryQuery, errors: [403] }), requireUser(ctx), handler(async (req, res) => {
    const scope = requireListScope(req, 'read', 'history');
    const q = parseInput(HistoryQuery, req.query);
    const filters = listFilters(q, HISTORY_FILTERS);
    // The caller's scope first: every entry the state sees, or their organizations' entries.
    const [scoped, scopeLetter, scopeValues] = 'all' in scope
      ? [seenByState(), 's', {}]
      : [sql`${loggedActions.organizationId} = any(${param('organizations')}::uuid[])`, 'o', { organizations: scope.organizations }];
    res.json(await page(`all_${scopeLetter}${filters.shape}`, and(scoped, ...filters.where)!, { ...scopeValues, ...filters.values }, q, sightOf(currentAuth(req))));
  }));

  // The whole history's filter choices: the organizations, the actions the caller may see (decision 092) and the people
  // with an entry the caller may see (an organization user: not the state's people, whom they read as "State office").
  router.get('/logged-actions/filters', doc({ ok: HistoryFilterChoicesSchema, summary: 'The history filters\' choices (actions, users)', query: FiltersQuery, errors: [403] }), requireUser(ctx), handler(async (req, res) => {
    const scope = requireListScope(req, 'read', 'history');
    const { sight, viewerId } = sightOf(currentAuth(req));
    // ?organizationId narrows the people to that organization's entries (an organization's own history, decision 039).
    const organizationId = parseInput(FiltersQuery, req.query).organizationId;
    const own = 'all' in scope ? seenByState() : inArray(loggedActions.organizationId, scope.organizations);
    const inScope = organizationId ? and(own, eq(loggedActions.organizationId, organizationId))! : own;
    const seen = sightWhere(sight, viewerId);
    const [orgs, people] = await Promise.all([
      ctx.db
        .select({ id: organizations.id, name: organizations.legalName })
        .from(organizations)
        .where('all' in scope ? undefined : inArray(organizations.id, scope.organizations))
        .orderBy(organizations.legalName),
      ctx.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(and(
          sight.stateSide ? undefined : ne(users.roleType, 'state'),
          sql`exists (select 1 from ${loggedActions} where ${loggedActions.userId} = ${users.id} and ${and(inScope, seen?.where)})`,
        ))
        .orderBy(users.lastName, users.firstName)
        .execute(seen?.values ?? {}),
    ]);
    res.json({ organizations: orgs, actions: actionsSeen(sight), users: people });
  }));

  return router;
}
