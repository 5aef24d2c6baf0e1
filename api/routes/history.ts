// The history (spec 7: GET logged-actions/{applicationId}/application?page&limit), paged, readable.
import { Router } from 'express';
import { and, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { handler, parseInput, pageEnvelope } from '../http';
import { currentAuth } from '../guard';
import { applications, loggedActions, users } from '../db/schema';
import { applicationHistoryRoute, historyOwner, organizationRoute } from '../services/application-access';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { ORGANIZATION_HISTORY_READERS } from '../../domain/access';
import { APPLICATION_STATUSES, isSubmittedOrLater } from '../../domain/statuses';

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_PAGE_SIZE),
});

const SUBMITTED_STATUSES = APPLICATION_STATUSES.filter(isSubmittedOrLater);

export function historyRoutes(ctx: ApiContext): Router {
  const router = Router();

  const submittedApplicationIds = () =>
    ctx.db.select({ id: applications.id }).from(applications).where(inArray(applications.status, SUBMITTED_STATUSES));

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
      .orderBy(desc(loggedActions.createdAt), desc(loggedActions.seq))
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

  router.get('/logged-actions/:applicationId/application', ...applicationHistoryRoute(ctx), handler(async (req, res) => {
    const { applicationId } = historyOwner(res);
    res.json(await page(eq(loggedActions.applicationId, applicationId), parseInput(PageQuery, req.query)));
  }));

  router.get('/logged-actions/organization/:orgId', ...organizationRoute(ctx, 'read', { stateReaders: ORGANIZATION_HISTORY_READERS }), handler(async (req, res) => {
    const orgId = String(req.params.orgId);
    const ofOrganization = eq(loggedActions.organizationId, orgId);
    // The state reads the entries of applications it may see (submitted ones), and the organization's own entries.
    const where = currentAuth(req).profile.roleType === 'state'
      ? and(ofOrganization, or(isNull(loggedActions.applicationId), inArray(loggedActions.applicationId, submittedApplicationIds())))!
      : ofOrganization;
    res.json(await page(where, parseInput(PageQuery, req.query)));
  }));

  return router;
}
