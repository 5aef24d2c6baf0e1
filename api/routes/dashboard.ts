// Dashboard counts: organization (spec 3 Org dashboard counts), the Organization Admin's overview (spec 2
// /org/admin-dashboard: applications by status, members by status) and state (one per status plus ALL).
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { count, eq, sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { handler } from '../http';
import { requireUser, currentAuth } from '../guard';
import { organizationRoute, requireStateScope } from '../services/application-access';
import { organizationOverview } from '../services/organization-overview';
import { applications } from '../db/schema';
import { param } from '../db/paging';
import { STATE_VISIBLE_STATUSES, stateVisible } from './review-list';
import { doc } from '../openapi/declare';
import { ApplicationCountsSchema, ApplicationStatusCountsSchema, MemberCountsSchema, StateStatusCountsSchema } from '../../domain/api-schemas';

export function dashboardRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const signedIn = requireUser(ctx);

  // One prepared statement, an Index Only Scan of an organization-led index (decisions 012, 083).
  const organizationCounts = ctx.db
    .select({
      totalApplications: count(),
      draftApplications: sql<number>`count(*) filter (where ${applications.status} = 'DRAFT')`.mapWith(Number),
      submittedApplications: sql<number>`count(*) filter (where ${applications.status} not in ('DRAFT', 'CANCELLED'))`.mapWith(Number),
    })
    .from(applications)
    .where(eq(applications.organizationId, sql`${param('orgId')}::uuid`))
    .prepare('organization_application_counts');

  router.get('/organization/:orgId/application-counts', doc({ summary: 'An organization\'s application counts', ok: ApplicationCountsSchema }), ...organizationRoute(ctx, 'read', { entity: 'application' }), handler(async (req, res) => {
    const [row] = await organizationCounts.execute({ orgId: String(req.params.orgId) });
    res.json({
      totalApplications: row?.totalApplications ?? 0,
      draftApplications: row?.draftApplications ?? 0,
      submittedApplications: row?.submittedApplications ?? 0,
    });
  }));

  // The admin dashboard's counts: the applications as the organization's list reads them (so each count is that list's
  // total for the status), the members as its Users list shows them (who reads that list reads these).
  const overview = organizationOverview(ctx);
  router.get('/organization/:orgId/application-counts/by-status', doc({ ok: ApplicationStatusCountsSchema, summary: 'An organization\'s applications counted by status' }), ...organizationRoute(ctx, 'read', { entity: 'application' }), handler(async (req, res) => {
    res.json(await overview.applicationStatusCounts(String(req.params.orgId)));
  }));
  router.get('/users/organization/:orgId/counts', doc({ summary: 'An organization\'s members counted by status', ok: MemberCountsSchema }), ...organizationRoute(ctx, 'read', { entity: 'user' }), handler(async (req, res) => {
    res.json(await overview.memberCounts(String(req.params.orgId)));
  }));

  // The same visibility as the state list (review-list.ts stateVisible), so each count is the list's total for
  // that status (tests/api/review-list.test.ts checks it).
  const stateCountStatements = ([false, true] as const).map((assignedOnly) =>
    ctx.db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(stateVisible(assignedOnly))
      .groupBy(applications.status)
      .prepare(`state_application_counts_${assignedOnly ? 'assigned' : 'all'}`));

  router.get('/review/applications/dashboard/count', doc({ ok: StateStatusCountsSchema, summary: 'The state dashboard\'s counts', errors: [403] }), signedIn, handler(async (req, res) => {
    const assignedOnly = requireStateScope(req) === 'assigned';
    const rows = await stateCountStatements[assignedOnly ? 1 : 0]!.execute(assignedOnly ? { reviewerId: currentAuth(req).profile.id } : {});
    const counts: Record<string, number> = { ALL: 0 };
    for (const status of STATE_VISIBLE_STATUSES) counts[status] = 0;
    for (const row of rows) {
      counts[row.status] = Number(row.n);
      counts.ALL! += Number(row.n);
    }
    res.json(counts);
  }));

  return router;
}
