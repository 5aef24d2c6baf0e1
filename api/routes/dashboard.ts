// Dashboard counts: organization (spec 3 Org dashboard counts) and state (one per status plus ALL).
import { Router } from 'express';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { handler } from '../http';
import { requireUser, currentAuth } from '../guard';
import { organizationRoute, requireStateScope } from '../services/application-access';
import { applications, reviewAssignments } from '../db/schema';
import { param } from '../db/paging';
import { APPLICATION_STATUSES, isSubmittedOrLater } from '../../domain/statuses';

/** What the state side sees (domain/access.ts): never drafts or cancelled applications. */
const STATE_VISIBLE = APPLICATION_STATUSES.filter(isSubmittedOrLater);

export function dashboardRoutes(ctx: ApiContext): Router {
  const router = Router();
  const signedIn = requireUser(ctx);

  // One prepared statement, an Index Only Scan of applications_org_list_idx (decision 012).
  const organizationCounts = ctx.db
    .select({
      totalApplications: count(),
      draftApplications: sql<number>`count(*) filter (where ${applications.status} = 'DRAFT')`.mapWith(Number),
      submittedApplications: sql<number>`count(*) filter (where ${applications.status} not in ('DRAFT', 'CANCELLED'))`.mapWith(Number),
    })
    .from(applications)
    .where(eq(applications.organizationId, sql`${param('orgId')}::uuid`))
    .prepare('organization_application_counts');

  router.get('/organization/:orgId/application-counts', ...organizationRoute(ctx, 'read', { entity: 'application' }), handler(async (req, res) => {
    const [row] = await organizationCounts.execute({ orgId: String(req.params.orgId) });
    res.json({
      totalApplications: row?.totalApplications ?? 0,
      draftApplications: row?.draftApplications ?? 0,
      submittedApplications: row?.submittedApplications ?? 0,
    });
  }));

  router.get('/review/applications/dashboard/count', signedIn, handler(async (req, res) => {
    const reviewerOnly = requireStateScope(req) === 'assigned';
    const userId = currentAuth(req).profile.id;
    const rows = reviewerOnly
      ? await ctx.db
          .select({ status: applications.status, n: count() })
          .from(applications)
          .innerJoin(reviewAssignments, eq(reviewAssignments.applicationId, applications.id))
          .where(and(eq(reviewAssignments.reviewerId, userId), inArray(applications.status, STATE_VISIBLE)))
          .groupBy(applications.status)
      : await ctx.db
          .select({ status: applications.status, n: count() })
          .from(applications)
          .where(inArray(applications.status, STATE_VISIBLE))
          .groupBy(applications.status);
    const counts: Record<string, number> = { ALL: 0 };
    for (const status of STATE_VISIBLE) counts[status] = 0;
    for (const row of rows) {
      counts[row.status] = Number(row.n);
      counts.ALL! += Number(row.n);
    }
    res.json(counts);
  }));

  return router;
}
