// The history (spec 7: GET logged-actions/{applicationId}/application?page&limit), paged, readable.
import { Router } from 'express';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { handler, parseInput } from '../http';
import { pageEnvelope, pagePlaceholders, pagedStatements, pageQuery, param } from '../db/paging';
import { currentAuth } from '../guard';
import { applications, loggedActions, users } from '../db/schema';
import { applicationHistoryRoute, historyOwner, organizationRoute } from '../services/application-access';
import { APPLICATION_STATUSES, isSubmittedOrLater } from '../../domain/statuses';

const PageQuery = pageQuery(200);

const SUBMITTED_STATUSES = APPLICATION_STATUSES.filter(isSubmittedOrLater);

type HistoryRow = {
  id: string; applicationId: string | null; organizationId: string | null; action: string; entity: string;
  fromStatus: string | null; toStatus: string | null; comments: string | null; details: unknown; createdAt: Date;
  userFirstName: string | null; userLastName: string | null; userEmail: string | null;
};

export function historyRoutes(ctx: ApiContext): Router {
  const router = Router();

  const submittedApplicationIds = () =>
    ctx.db.select({ id: applications.id }).from(applications).where(inArray(applications.status, SUBMITTED_STATUSES));

  // Count and page in one prepared statement per kind of history (api/db/paging.ts, decision 012).
  const historyPage = pagedStatements<HistoryRow>(ctx.db, 'history');
  async function page(shape: string, where: SQL, values: Record<string, unknown>, query: z.infer<typeof PageQuery>) {
    const { total, rows } = await historyPage(shape, () => ({
      columns: {
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
      },
      from: loggedActions,
      join: (q) => q.leftJoin(users, eq(users.id, loggedActions.userId)),
      where,
      orderBy: [desc(loggedActions.createdAt), desc(loggedActions.seq)],
    }), { ...values, ...pagePlaceholders(query) });
    return {
      ...pageEnvelope(query.page, query.limit, total),
      loggedActions: rows.map(({ userFirstName, userLastName, userEmail, ...row }) => ({
        ...row,
        user: userFirstName ? { firstName: userFirstName, lastName: userLastName, email: userEmail } : null,
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
    const where = state
      ? and(ofOrganization, or(isNull(loggedActions.applicationId), inArray(loggedActions.applicationId, submittedApplicationIds())))!
      : ofOrganization;
    res.json(await page(state ? 'organization_state' : 'organization', where, { orgId: String(req.params.orgId) }, parseInput(PageQuery, req.query)));
  }));

  return router;
}
