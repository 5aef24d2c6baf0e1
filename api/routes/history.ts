// The history (spec 7: GET logged-actions/{applicationId}/application?page&limit), paged, readable.
import { Router, type Request } from 'express';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { forbidden, handler, notFound, parseInput, pageEnvelope } from '../http';
import { currentAuth, orgRole, requireUser } from '../guard';
import { applications, loggedActions, reviewAssignments, users } from '../db/schema';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { REVIEWER_ROLES } from '../../domain/roles';

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_PAGE_SIZE),
});

export function historyRoutes(ctx: ApiContext): Router {
  const router = Router();
  const signedIn = requireUser(ctx);

  async function page(where: SQL, query: z.infer<typeof PageQuery>) {
    const [total] = await ctx.db.select({ n: count() }).from(loggedActions).where(where);
    const rows = await ctx.db
      .select({
        id: loggedActions.id,
        applicationId: loggedActions.applicationId,
        organizationId: loggedActions.organizationId,
        action: loggedActions.action,
        entity: loggedActions.entity,
        fromStatus: loggedActions.fromStatus,
        toStatus: loggedActions.toStatus,
        comments: loggedActions.comments,
        details: loggedActions.details,
        createdAt: loggedActions.createdAt,
        userFirstName: users.firstName,
        userLastName: users.lastName,
        userEmail: users.email,
      })
      .from(loggedActions)
      .leftJoin(users, eq(users.id, loggedActions.userId))
      .where(where)
      .orderBy(desc(loggedActions.createdAt), desc(loggedActions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return {
      ...pageEnvelope(query.page, query.limit, total?.n ?? 0),
      loggedActions: rows.map(({ userFirstName, userLastName, userEmail, ...row }) => ({
        ...row,
        user: userFirstName ? { firstName: userFirstName, lastName: userLastName, email: userEmail } : null,
      })),
    };
  }

  /** Who may read an application's history: its organization; state staff (reviewers: assigned only). */
  async function mayRead(req: Request, applicationId: string): Promise<void> {
    const { profile } = currentAuth(req);
    const [app] = await ctx.db.select({ organizationId: applications.organizationId }).from(applications).where(eq(applications.id, applicationId)).limit(1);
    // A deleted application keeps its history: its organization is the one its entries name.
    const [entry] = app ? [app] : await ctx.db.select({ organizationId: loggedActions.organizationId }).from(loggedActions).where(eq(loggedActions.applicationId, applicationId)).limit(1);
    if (!entry?.organizationId) throw notFound('Application not found');
    if (profile.roleType === 'org') {
      orgRole(req, entry.organizationId);
      return;
    }
    const roles = profile.roles.map((r) => r.name);
    if (roles.every((r) => REVIEWER_ROLES.includes(r))) {
      const [assigned] = await ctx.db
        .select({ id: reviewAssignments.id })
        .from(reviewAssignments)
        .where(and(eq(reviewAssignments.applicationId, applicationId), eq(reviewAssignments.reviewerId, profile.id)))
        .limit(1);
      if (!assigned) throw notFound('Application not found');
    }
  }

  router.get('/logged-actions/:applicationId/application', signedIn, handler(async (req, res) => {
    const applicationId = String(req.params.applicationId).toUpperCase();
    await mayRead(req, applicationId);
    res.json(await page(eq(loggedActions.applicationId, applicationId), parseInput(PageQuery, req.query)));
  }));

  router.get('/logged-actions/organization/:orgId', signedIn, handler(async (req, res) => {
    const orgId = String(req.params.orgId);
    const { profile } = currentAuth(req);
    if (profile.roleType === 'org') orgRole(req, orgId);
    else if (!profile.roles.some((r) => r.name === 'State_Admin' || r.name === 'RSM_Admin')) throw forbidden();
    res.json(await page(eq(loggedActions.organizationId, orgId), parseInput(PageQuery, req.query)));
  }));

  return router;
}
