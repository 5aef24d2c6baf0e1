// The reviewers screen's reads (spec 7 GET review/applications/reviewers/all; issue 12 item 8; decision 044): one row per
// review assignment with its reviewer, application, stage, status, times, age, declaration and the stalled flag, and a
// per-reviewer summary (counts pending / in progress / submitted / stalled, conflicts declared). Each is one prepared
// statement counting and reading the page (decision 012); the stalled rule is domain/reviewers.ts, written here as SQL
// from the same table. The status's times are kept by the database (migration 0016's trigger).
import { eq, sql, type SQL } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { applications, organizations, reviewAssignments, userRoles, users } from '../db/schema';
// The application id search is the state list's (a prefix: 'LKV0' and 'GA-LKV0' both find GA-LKV001).
import { applicationIdPrefix } from '../routes/review-list';
import { pagedStatements, pageEnvelope, pagePlaceholders, param, type PageRequest } from '../db/paging';
import { listFilters, type ListFilter } from '../db/filters';
import { VENDOR_STAGE, type Stage } from '../../domain/permissions';
import { REVIEWER_ROLES, type RoleName } from '../../domain/roles';
import { reviewerTypeOf, type ReviewerType } from '../../domain/review-assignments';
import {
  ageInDays, declarationOf, isStalled, stalledCutoffs, type Declaration,
} from '../../domain/reviewers';
import type { AssignmentStatus } from '../../domain/workflow';
import type { ApplicationStatus } from '../../domain/statuses';

export interface ReviewerAssignmentQuery extends PageRequest {
  reviewerId?: string;
  reviewerType?: ReviewerType;
  reviewStatus?: AssignmentStatus;
  applicationStatus?: ApplicationStatus;
  stalled?: boolean;
  /** An application id (prefix, as the state list reads it) or part of the reviewer's name or email. */
  search?: string;
}

export interface ReviewerAssignment {
  id: string;
  reviewer: { id: string; firstName: string; lastName: string; email: string; role: RoleName };
  application: { id: string; organizationName: string; status: ApplicationStatus };
  reviewerType: ReviewerType;
  stage: Stage;
  status: AssignmentStatus;
  assignedAt: Date;
  startedAt: Date | null;
  submittedAt: Date | null;
  statusChangedAt: Date;
  ageInDays: number;
  declaration: Declaration;
  stalled: boolean;
}

export interface ReviewerSummaryQuery extends PageRequest {
  reviewerType?: ReviewerType;
  search?: string;
}

export interface ReviewerSummary {
  reviewer: { id: string; firstName: string; lastName: string; email: string; role: RoleName; active: boolean };
  reviewerType: ReviewerType;
  stage: Stage;
  pending: number;
  inProgress: number;
  submitted: number;
  stalled: number;
  conflicts: number;
}

/** Each reviewer role with its reviewer type and stage (RSM_Reviewer → RSM_REVIEWER, GATING), from the permissions table. */
const REVIEWERS = REVIEWER_ROLES.map((role) => ({ role, type: reviewerTypeOf(role), stage: VENDOR_STAGE[role]! }));
const roleOfType = (type: string) => REVIEWERS.find((r) => r.type === type)!;

/** `reviewer_type` → its stage, as SQL (constants from the table above, never input). */
const stageOfType = (column: SQL | typeof reviewAssignments.reviewerType) =>
  sql`(case ${column} ${sql.raw(REVIEWERS.map((r) => `when '${r.type}' then '${r.stage}'`).join(' '))} end)`;

/** A search text as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The stalled rule as SQL over an assignment's status and status_changed_at (placeholders stalled_{STATUS}). */
function stalledSql(status: SQL | typeof reviewAssignments.status, since: SQL | typeof reviewAssignments.statusChangedAt) {
  // Only the statuses that can stall are read here; the cutoffs' times are the placeholders' values (stalledValues).
  const parts = stalledCutoffs().map((c) => sql`(${status} = ${sql.raw(`'${c.status}'`)} and ${since} < ${param(`stalled_${c.status}`)}::timestamptz)`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The stalled rule's placeholders at `now`: for each status, the time before which an assignment in it is stalled. */
const stalledValues = (now: Date) => Object.fromEntries(stalledCutoffs(now).map((c) => [`stalled_${c.status}`, c.before.toISOString()]));

/** A reviewer search: an application id prefix, or a name or email containing the text. */
const searchValues = (typed: string | undefined) => {
  const search = typed?.trim();
  return search ? { idPrefix: applicationIdPrefix(search), text: containing(search) } : undefined;
};

const ra = reviewAssignments;
type AssignmentFilterQuery = ReviewerAssignmentQuery & { now: Date };
/** The assignments list's filters (api/db/filters.ts). */
const ASSIGNMENT_FILTERS: readonly ListFilter<AssignmentFilterQuery>[] = [
  { param: 'reviewerId', letter: 'r', where: sql`${ra.reviewerId} = ${param('reviewerId')}::uuid`, value: (q) => q.reviewerId || undefined },
  { param: 'reviewerType', letter: 't', where: sql`${ra.reviewerType} = ${param('reviewerType')}`, value: (q) => q.reviewerType || undefined },
  { param: 'reviewStatus', letter: 's', where: sql`${ra.status} = ${param('reviewStatus')}`, value: (q) => q.reviewStatus || undefined },
  { param: 'applicationStatus', letter: 'a', value: (q) => q.applicationStatus || undefined,
    where: sql`exists (select 1 from ${applications} a where a.id = ${ra.applicationId} and a.status = ${param('applicationStatus')})` },
  { letter: 'x', where: stalledSql(ra.status, ra.statusChangedAt), value: (q) => (q.stalled ? stalledValues(q.now) : undefined) },
  { letter: 'q', value: (q) => searchValues(q.search),
    where: sql`(${ra.applicationId} like ${param('idPrefix')} or exists (select 1 from ${users} su where su.id = ${ra.reviewerId}
      and ((su.first_name || ' ' || su.last_name) ilike ${param('text')} or su.email ilike ${param('text')})))` },
];

/** The reviewer summary's filters (api/db/filters.ts). */
const SUMMARY_FILTERS: readonly ListFilter<ReviewerSummaryQuery>[] = [
  { param: 'role', letter: 't', where: sql`${userRoles.role} = ${param('role')}`, value: (q) => (q.reviewerType ? roleOfType(q.reviewerType).role : undefined) },
  { letter: 'q', value: (q) => (q.search?.trim() ? { text: containing(q.search.trim()) } : undefined),
    where: sql`exists (select 1 from ${users} su where su.id = ${userRoles.userId}
      and ((su.first_name || ' ' || su.last_name) ilike ${param('text')} or su.email ilike ${param('text')}))` },
];

type AssignmentRow = {
  id: string; reviewerId: string; firstName: string; lastName: string; email: string; reviewerType: string; status: string;
  assignedAt: Date; startedAt: Date | null; submittedAt: Date | null; statusChangedAt: Date | null;
  applicationId: string; applicationStatus: string; organizationName: string; conflict: boolean | null;
};

type SummaryRow = {
  id: string; firstName: string; lastName: string; email: string; userStatus: string; role: string; counts: unknown;
};

const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

export function reviewersList(ctx: ApiContext) {
  const assignmentsPage = pagedStatements<AssignmentRow>(ctx.db, 'reviewer_assignments');
  const summaryPage = pagedStatements<SummaryRow>(ctx.db, 'reviewer_summary');

  /** Review assignments, newest assigned first (review_assignments_list_idx), filtered in SQL. */
  async function assignments(query: ReviewerAssignmentQuery, now: Date = new Date()) {
    const { shape, where, values } = listFilters({ ...query, now }, ASSIGNMENT_FILTERS);
    const { total, rows } = await assignmentsPage(shape || 'all', () => ({
      columns: {
        id: ra.id, reviewerId: ra.reviewerId, firstName: users.firstName, lastName: users.lastName, email: users.email,
        reviewerType: ra.reviewerType, status: ra.status, assignedAt: ra.assignedAt, startedAt: ra.startedAt, submittedAt: ra.submittedAt,
        statusChangedAt: ra.statusChangedAt, applicationId: ra.applicationId, applicationStatus: sql<string>`${applications.status}`.as('application_status'),
        organizationName: sql<string>`${organizations.legalName}`.as('organization_name'),
        conflict: sql<boolean | null>`(select d.conflict from review_declarations d where d.application_id = ${ra.applicationId}
          and d.reviewer_id = ${ra.reviewerId} and d.stage = ${stageOfType(ra.reviewerType)})`.as('conflict'),
      },
      from: ra,
      join: (q) => q
        .innerJoin(users, eq(users.id, ra.reviewerId))
        .innerJoin(applications, eq(applications.id, ra.applicationId))
        .innerJoin(organizations, eq(organizations.id, applications.organizationId)),
      where: where.length ? sql.join(where, sql` and `) : undefined,
      orderBy: [sql`${ra.assignedAt} desc`, sql`${ra.id} desc`],
    }), { ...values, ...pagePlaceholders(query) });
    return {
      ...pageEnvelope(query.page, query.limit, total),
      reviewers: rows.map((r): ReviewerAssignment => {
        const { role, stage } = roleOfType(r.reviewerType);
        const status = r.status as AssignmentStatus;
        const assignedAt = asDate(r.assignedAt)!;
        const submittedAt = asDate(r.submittedAt);
        const statusChangedAt = asDate(r.statusChangedAt) ?? assignedAt;
        return {
          id: r.id,
          reviewer: { id: r.reviewerId, firstName: r.firstName, lastName: r.lastName, email: r.email, role },
          application: { id: r.applicationId, organizationName: r.organizationName, status: r.applicationStatus as ApplicationStatus },
          reviewerType: r.reviewerType as ReviewerType,
          stage,
          status,
          assignedAt,
          startedAt: asDate(r.startedAt),
          submittedAt,
          statusChangedAt,
          ageInDays: ageInDays(assignedAt, status === 'SUBMITTED' ? submittedAt : null, now),
          declaration: declarationOf(r.conflict),
          stalled: isStalled(status, statusChangedAt, now),
        };
      }),
    };
  }

  /** Every holder of a reviewer role (one row per role held), by name, with their assignments counted by status. */
  async function summary(query: ReviewerSummaryQuery, now: Date = new Date()) {
    const filters = listFilters(query, SUMMARY_FILTERS);
    const where = [sql`${userRoles.role} = any(${param('roles')}::text[])`, ...filters.where];
    const values = { roles: REVIEWER_ROLES, ...filters.values, ...stalledValues(now) };
    const { total, rows } = await summaryPage(filters.shape || 'all', () => ({
      columns: {
        id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, userStatus: users.status, role: userRoles.role,
        counts: sql<unknown>`(select json_build_object(
            'pending', count(*) filter (where c.status = 'PENDING'),
            'inProgress', count(*) filter (where c.status = 'IN_PROGRESS'),
            'submitted', count(*) filter (where c.status = 'SUBMITTED'),
            'stalled', count(*) filter (where ${stalledSql(sql`c.status`, sql`c.status_changed_at`)}),
            'conflicts', (select count(*) from review_declarations d where d.reviewer_id = ${users.id} and d.conflict
              and d.stage = ${stageOfType(sql`upper(${userRoles.role})`)}))
          from ${reviewAssignments} c where c.reviewer_id = ${users.id} and c.reviewer_type = upper(${userRoles.role}))`.as('counts'),
      },
      from: userRoles,
      join: (q) => q.innerJoin(users, eq(users.id, userRoles.userId)),
      where: sql.join(where, sql` and `),
      orderBy: [users.lastName, users.firstName, users.id, userRoles.role],
    }), { ...values, ...pagePlaceholders(query) });
    return {
      ...pageEnvelope(query.page, query.limit, total),
      reviewers: rows.map((r): ReviewerSummary => {
        const counts = fromJson<Record<'pending' | 'inProgress' | 'submitted' | 'stalled' | 'conflicts', number>>(r.counts);
        const { role, type, stage } = REVIEWERS.find((x) => x.role === r.role)!;
        return {
          reviewer: { id: r.id, firstName: r.firstName, lastName: r.lastName, email: r.email, role, active: r.userStatus === 'active' },
          reviewerType: type,
          stage,
          pending: Number(counts.pending), inProgress: Number(counts.inProgress), submitted: Number(counts.submitted),
          stalled: Number(counts.stalled), conflicts: Number(counts.conflicts),
        };
      }),
    };
  }

  return { assignments, summary };
}
