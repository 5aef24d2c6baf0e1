// Bulk workflow actions from the state's list (issue 10 item 7, the "With selected: …" bar; decision 027 "Bulk moves"):
// - GET review/applications/bulk?action={actionId}&applicationIds=GA-1,GA-2 (a comma list and/or repeated): what each
//   row would answer now, writing nothing. 200 {action: {id, label}, rows: [{applicationId, organization, status,
//   allowed, message, reviewerType}]}.
// - POST review/applications/bulk {action, applicationIds, comments?, reasonId?, sectionIds?, status?, reviewerIds?}:
//   400 before any row when the body lacks what the action needs; then each row in order, each as the single route
//   would make it. 200 {action: {id, label}, results: [{applicationId, ok, fromStatus, status, message}]}.
// Registered before the review list and review application routes, so `GET review/applications/:id` does not take
// "bulk" for an id. The gate is applicationBulkRoute (state users with 'read status'); the read-only financial
// reviewer's POST is refused 403 before routing, like every write of theirs (api/guard.ts).
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { handler, parseInput } from '../http';
import { applicationBulkRoute } from '../services/application-access';
import { bulkAction, bulkTarget, executeBulk, previewBulk } from '../services/bulk-moves';
import { BULK_MSG } from '../../domain/workflow';
import { doc } from '../openapi/declare';
import { BulkAnswerSchema, BulkPreviewSchema } from '../../domain/api-schemas';
import { ApplicationIds, BulkBody } from '../../domain/api-requests';



const BulkQuery = z.object({
  action: z.string({ error: BULK_MSG.actionRequired }).optional(),
  applicationIds: ApplicationIds,
});


export function reviewBulkRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  router.get('/review/applications/bulk', doc({ ok: BulkPreviewSchema, summary: 'Preview a bulk move: what would happen to each application', query: BulkQuery }), ...applicationBulkRoute(ctx, 'read'), handler(async (req, res) => {
    const query = parseInput(BulkQuery, req.query);
    const { actionId, ids } = bulkTarget(query.action, query.applicationIds);
    res.json({ action: bulkAction(actionId), rows: await previewBulk(ctx, req, actionId, ids) });
  }));

  router.post('/review/applications/bulk', doc({ ok: BulkAnswerSchema, summary: 'Move many applications, each on its own rules', body: BulkBody }), ...applicationBulkRoute(ctx, 'update'), handler(async (req, res) => {
    const { action, applicationIds, ...input } = parseInput(BulkBody, req.body);
    const { actionId, ids } = bulkTarget(action, applicationIds);
    res.json({ action: bulkAction(actionId), results: await executeBulk(ctx, req, actionId, ids, input) });
  }));

  return router;
}
