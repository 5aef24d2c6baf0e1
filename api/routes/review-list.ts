// The state's applications list (spec 7 State and review; issue 10 API): `GET review/applications`, the
// caller's own assignments `GET review/applications/applications/assigned` with the same filters, and the
// organization filter's list `GET organization/all-organizations`. Paged in SQL like the org list (decision
// 012: count and page in one prepared statement per shape of filters), on applications_state_list_idx
// (migration 0008, decision 028). Which applications a state caller sees is `stateVisible` below, also used by
// the state dashboard's counts (api/routes/dashboard.ts), so each count equals the list's total for its status.
import { Router, type Request } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, asc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { handler, parseInput } from '../http';
import { anyOf, pageEnvelope, pagePlaceholders, pagedStatements, pageQuery, param } from '../db/paging';
import { commaList, dayRangeEnd, dayRangeStart, idSearchText, listFilters, type ListFilter, type ListFilters } from '../db/filters';
import { currentAuth, requireUser } from '../guard';
import { applications, organizations, programs, reviewAssignments, users } from '../db/schema';
import { requireStateScope } from '../services/application-access';
import { APPLICATION_STATUSES, isApplicationStatus, isSubmittedOrLater, type ApplicationStatus } from '../../domain/statuses';
import { IsoDaySchema } from '../../domain/input';
import { allowedActionsOfRoles, type AssignmentStatus } from '../../domain/workflow';
import { OrganizationChoiceSchema, ReviewListPageSchema, type ListedReviewer } from '../../domain/api-schemas';
import { doc } from '../openapi/declare';
import { UUID } from '../../domain/ids';

/** What the state side ever sees (domain/access.ts): never a draft or a cancelled application. */
export const STATE_VISIBLE_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(isSubmittedOrLater);

const STATUS_MESSAGE = 'Unknown status filter';

/** One or several statuses: a repeated parameter, a comma list, or both; ALL means every status. */
const StatusParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    const names = [value ?? []].flat().flatMap((v) => v.split(',')).map((v) => v.trim().toUpperCase()).filter(Boolean);
    if (names.length === 0 || names.includes('ALL')) return undefined;
    if (!names.every((n) => isApplicationStatus(n))) {
      ctx.addIssue({ code: 'custom', message: STATUS_MESSAGE });
      return z.NEVER;
    }
    return [...new Set(names)] as ApplicationStatus[];
  });

export const ReviewListQuery = pageQuery(1000).extend({
  status: StatusParam,
  applicationId: z.string().trim().max(20).optional(),
  organizationId: z.string().trim().optional().refine((v) => !v || UUID.test(v), { message: 'Unknown organization' }),
  projectLocation: z.string().trim().optional(),
  startDate: IsoDaySchema.optional(),
  endDate: IsoDaySchema.optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

/**
 * The visibility of the state side, as SQL (one place): never a draft or a cancelled application (the literal
 * predicate of applications_state_list_idx, so the planner may use that partial index), and for a caller who
 * reads only their assignments, those assigned to `$reviewerId`.
 */
export function stateVisible(assignedOnly: boolean): SQL {
  const visible = sql`${applications.status} not in ('DRAFT', 'CANCELLED')`;
  if (!assignedOnly) return visible;
  return sql`${visible} and exists (select 1 from ${reviewAssignments} where ${reviewAssignments.applicationId} = ${applications.id} and ${reviewAssignments.reviewerId} = ${param('reviewerId')}::uuid)`;
}

/** The application-id search as a prefix: 'LKV0' and 'GA-LKV0' both find GA-LKV001 (ids are upper case). */
export function applicationIdPrefix(search: string): string {
  const typed = idSearchText(search);
  return `${'GA-'.startsWith(typed) || typed.startsWith('GA-') ? typed : `GA-${typed}`}%`;
}

/** The state list's filters (api/db/filters.ts): statuses, places, an organization, a day range of submission, an id prefix. */
const REVIEW_LIST_FILTERS: readonly ListFilter<ReviewListQuery>[] = [
  { param: 'statuses', letter: 's', where: sql`${applications.status} = any(${param('statuses')}::text[])`, value: (q) => q.status },
  { param: 'locations', letter: 'l', where: anyOf(applications.projectLocation, 'locations'), value: (q) => commaList(q.projectLocation) },
  { param: 'organizationId', letter: 'o', where: eq(applications.organizationId, sql`${param('organizationId')}::uuid`), value: (q) => q.organizationId || undefined },
  { param: 'from', letter: 'f', where: gte(applications.submittedAt, sql`${param('from')}::timestamptz`), value: (q) => dayRangeStart(q.startDate) },
  { param: 'to', letter: 't', where: lt(applications.submittedAt, sql`${param('to')}::timestamptz`), value: (q) => dayRangeEnd(q.endDate) },
  { param: 'search', letter: 'i', where: like(applications.id, sql`${param('search')}::text`), value: (q) => (q.applicationId ? applicationIdPrefix(q.applicationId) : undefined) },
];

/** The filters as placeholders; `shape` names which are set (one prepared statement per shape). */
export function reviewListFilters(q: ReviewListQuery): ListFilters {
  return listFilters(q, REVIEW_LIST_FILTERS);
}

type ReviewListRow = {
  id: string; status: string; submittedAt: Date | null; projectLocation: string | null; organizationId: string; organizationName: string; programId: string; programName: string;
  reviewers: ListedReviewer[];
};

/** A reviewer of a listed application: the documented schema's type (domain/api-schemas.ts ListedReviewerSchema). */
export type { ListedReviewer };

export function reviewListRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const signedIn = requireUser(ctx);

  const statePage = pagedStatements<ReviewListRow>(ctx.db, 'review_applications');
  // Each row's reviewers, read by the page's own statement (one statement a page, decision 052): a correlated
  // json_agg over review_assignments_app_reviewer_key, run for the page's rows only.
  const rowReviewers = sql<ListedReviewer[]>`(
    select coalesce(json_agg(json_build_object(
      'id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName},
      'reviewerType', ${reviewAssignments.reviewerType}, 'status', ${reviewAssignments.status})
      order by ${reviewAssignments.assignedAt}, ${users.lastName}), '[]'::json)
    from ${reviewAssignments} inner join ${users} on ${users.id} = ${reviewAssignments.reviewerId}
    where ${reviewAssignments.applicationId} = ${applications.id})`;

  async function list(req: Request, assignedOnly: boolean) {
    const q = parseInput(ReviewListQuery, req.query);
    const filters = reviewListFilters(q);
    const shape = `${assignedOnly ? 'a' : 'v'}${filters.shape}`;
    const { total, rows } = await statePage(shape, () => ({
      columns: {
        id: applications.id,
        status: applications.status,
        submittedAt: applications.submittedAt,
        projectLocation: applications.projectLocation,
        organizationId: applications.organizationId,
        organizationName: organizations.legalName,
        programId: applications.programId,
        programName: programs.name,
        reviewers: rowReviewers.as('reviewers'),
      },
      from: applications,
      join: (page) => page
        .innerJoin(organizations, eq(organizations.id, applications.organizationId))
        .innerJoin(programs, eq(programs.id, applications.programId)),
      where: and(stateVisible(assignedOnly), ...filters.where),
      // Newest submitted first: applications_state_list_idx read forwards (decision 028).
      orderBy: [sql`${applications.submittedAt} desc nulls last`, sql`${applications.id} desc nulls last`],
    }), { ...filters.values, ...(assignedOnly ? { reviewerId: currentAuth(req).profile.id } : {}), ...pagePlaceholders(q) });

    const reviewers = new Map<string, ListedReviewer[]>(rows.map((row) => [row.id, row.reviewers]));
    // Each row's actions for this caller (domain/workflow.ts, what the move routes allow), their own assignment counted.
    const { profile } = currentAuth(req);
    const roles = profile.roles.map((r) => r.name);
    // Worked out once per status and own assignment on the page (the rows share the answer: it is only serialized).
    const worked = new Map<string, ReturnType<typeof allowedActionsOfRoles>>();
    const actionsOf = (id: string, status: string) => {
      const assignment = (reviewers.get(id)?.find((r) => r.id === profile.id)?.status as AssignmentStatus | undefined) ?? null;
      const key = `${status} ${assignment}`;
      let actions = worked.get(key);
      if (!actions) worked.set(key, (actions = allowedActionsOfRoles(roles, { status, assignment })));
      return actions;
    };
    return {
      ...pageEnvelope(q.page, q.limit, total),
      applications: rows.map((row) => ({
        id: row.id,
        applicationId: row.id,
        status: row.status,
        submittedAt: row.submittedAt,
        projectLocation: row.projectLocation,
        organization: { id: row.organizationId, name: row.organizationName },
        programId: row.programId,
        program: { name: row.programName },
        reviewers: reviewers.get(row.id) ?? [],
        allowedActions: actionsOf(row.id, row.status),
      })),
    };
  }

  router.get('/review/applications', doc({ ok: ReviewListPageSchema, summary: 'The state\'s applications list (tabs, filters, paging)', query: ReviewListQuery, errors: [403] }), signedIn, handler(async (req, res) => {
    res.json(await list(req, requireStateScope(req) === 'assigned'));
  }));

  router.get('/review/applications/applications/assigned', doc({ ok: ReviewListPageSchema, summary: 'The applications assigned to me', query: ReviewListQuery, errors: [403] }), signedIn, handler(async (req, res) => {
    requireStateScope(req);
    res.json(await list(req, true));
  }));

  router.get('/organization/all-organizations', doc({ ok: z.array(OrganizationChoiceSchema), summary: 'Every organization (the state\'s filters)', errors: [403] }), signedIn, handler(async (req, res) => {
    requireStateScope(req);
    const rows = await ctx.db
      .select({ id: organizations.id, name: organizations.legalName, status: organizations.status })
      .from(organizations)
      .orderBy(asc(organizations.legalName), asc(organizations.id));
    res.json(rows);
  }));

  return router;
}

