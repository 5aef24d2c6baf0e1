// The Organization Admin's overview of one organization (spec 2 /org/admin-dashboard, issue 41 item 4): its
// applications by status and its members by status, counted in SQL for that organization alone (a person may belong to
// several). Two statements, each grouped over an organization-led index (applications_org_filter_idx,
// memberships_org_idx); the routes declare who may read them (api/routes/dashboard.ts, api/routes/users.ts).
import { count, eq, sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { applications, memberships, users } from '../db/schema';
import { param } from '../db/paging';
import { memberStatus } from './user-admin';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../domain/statuses';
import type { MemberCounts } from '../../domain/api-schemas';

/** Every status with its count (0 when none), and ALL: GET organization/{orgId}/application-counts/by-status. */
export type ApplicationStatusCounts = Record<ApplicationStatus | 'ALL', number>;
/** Members by their status in the organization ('invited': a pending invitation): GET users/organization/{orgId}/counts. */
/** The answer's type is the documented schema's (domain/api-schemas.ts), so the service and the document agree. */
export type { MemberCounts };

export function organizationOverview(ctx: ApiContext) {
  const byStatus = ctx.db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(eq(applications.organizationId, sql`${param('orgId')}::uuid`))
    .groupBy(applications.status)
    .prepare('organization_application_status_counts');

  const byMembership = ctx.db
    .select({ membershipStatus: memberships.status, userStatus: users.status, n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, sql`${param('orgId')}::uuid`))
    .groupBy(memberships.status, users.status)
    .prepare('organization_member_status_counts');

  async function applicationStatusCounts(organizationId: string): Promise<ApplicationStatusCounts> {
    const counts = Object.fromEntries([['ALL', 0], ...APPLICATION_STATUSES.map((s) => [s, 0])]) as ApplicationStatusCounts;
    for (const row of await byStatus.execute({ orgId: organizationId })) {
      counts[row.status as ApplicationStatus] = Number(row.n);
      counts.ALL += Number(row.n);
    }
    return counts;
  }

  async function memberCounts(organizationId: string): Promise<MemberCounts> {
    const counts: MemberCounts = { active: 0, inactive: 0, invited: 0 };
    // The Users list's rule for a member's status (user-admin.ts memberStatus), so each count is what that list shows.
    for (const row of await byMembership.execute({ orgId: organizationId })) counts[memberStatus(row.membershipStatus, row.userStatus)] += Number(row.n);
    return counts;
  }

  return { applicationStatusCounts, memberCounts };
}
