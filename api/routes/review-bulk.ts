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
import { BULK_MAX, BULK_MSG } from '../../domain/workflow';
import { doc } from '../openapi/declare';
import { BulkAnswerSchema, BulkPreviewSchema } from '../../domain/api-schemas';

/** Application ids: a list, or a string (a comma list); each string may itself be a comma list. */
const ApplicationIds = z
  .union([z.string().max(BULK_MAX * 60), z.array(z.string().max(BULK_MAX * 60)).max(BULK_MAX * 10, BULK_MSG.tooMany)], { error: BULK_MSG.applicationsRequired })
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** One value or a list (a plain form posts one section id as a string); blanks dropped. */
const idList = z
  .union([z.string(), z.array(z.string().max(100)).max(100)])
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean));

const BulkQuery = z.object({
  action: z.string({ error: BULK_MSG.actionRequired }).optional(),
  applicationIds: ApplicationIds,
});

/** The single move's body (api/routes/review-moves.ts MoveBody) with the action, the ids and assign-reviewers' reviewerIds. */
const BulkBody = z.strictObject({
  action: z.string({ error: BULK_MSG.actionRequired }).nullish(),
  applicationIds: ApplicationIds,
  comments: z.string().nullish(),
  reasonId: z.union([z.number(), z.string().trim()]).nullish().transform((v) => (v === '' || v == null ? null : Number(v))),
  sectionIds: idList.nullish(),
  status: z.string().trim().nullish(),
  reviewerIds: idList.nullish(),
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
