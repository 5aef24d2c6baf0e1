// The reviewers screen's calls (spec 2 /state/reviewers; spec 7 GET review/applications/reviewers/all with reviewerId,
// reviewerType, reviewStatus, applicationStatus; issue 12 item 8; decision 044), both 'read reviewer' over every record:
// the State_Admin only (domain/permissions.ts), every other role 403.
// - GET review/applications/reviewers/all: one row per review assignment (spec 3 Reviewers list: page, pageSize,
//   totalRecords, totalPages, reviewers), also filtered by stalled=true and a search (application id or reviewer).
// - GET review/applications/reviewers/summary: each reviewer with their counts (the screen's "By reviewer" view).
// Registered before GET review/applications/:id, which would not take these two-segment paths anyway.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { forbidden, handler, parseInput } from '../http';
import { requireUser } from '../guard';
import { requireListScope } from '../services/application-access';
import { pageQuery } from '../db/paging';
import { reviewersList } from '../services/reviewers-list';
import { isReviewStatus, parseReviewerType } from '../../domain/reviewers';
import { isApplicationStatus } from '../../domain/statuses';
import { doc } from '../openapi/declare';
import { ReviewerAssignmentsPageSchema, ReviewerSummaryPageSchema } from '../../domain/api-schemas';
import { UUID } from '../../domain/ids';

export const REVIEWERS_MSG = {
  reviewerId: 'Unknown reviewer',
  reviewerType: 'Unknown reviewer type: use CTC_REVIEWER, RSM_REVIEWER or STATE_REVIEWER',
  reviewStatus: 'Unknown review status: use PENDING, IN_PROGRESS or SUBMITTED',
  applicationStatus: 'Unknown status filter',
} as const;

/** ?pageSize is taken as ?limit (the spec's envelope names it pageSize; every list reads limit). */
const withPageSize = (query: unknown) => {
  const q = { ...(query as Record<string, unknown>) };
  if (q.limit === undefined && q.pageSize !== undefined) q.limit = q.pageSize;
  delete q.pageSize;
  return q;
};

const reviewerType = z.string().optional().transform((v, ctx) => {
  if (!v?.trim()) return undefined;
  const type = parseReviewerType(v);
  if (!type) { ctx.addIssue({ code: 'custom', message: REVIEWERS_MSG.reviewerType }); return z.NEVER; }
  return type;
});
const search = z.string().max(200).optional();

const AssignmentsQuery = pageQuery(100).extend({
  reviewerId: z.string().trim().optional().refine((v) => !v || UUID.test(v), { message: REVIEWERS_MSG.reviewerId })
    .transform((v) => v?.toLowerCase() || undefined),
  reviewerType,
  reviewStatus: z.string().optional().transform((v, ctx) => {
    const upper = v?.trim().toUpperCase();
    if (!upper || upper === 'ALL') return undefined;
    if (!isReviewStatus(upper)) { ctx.addIssue({ code: 'custom', message: REVIEWERS_MSG.reviewStatus }); return z.NEVER; }
    return upper;
  }),
  applicationStatus: z.string().optional().transform((v, ctx) => {
    const upper = v?.trim().toUpperCase();
    if (!upper || upper === 'ALL') return undefined;
    if (!isApplicationStatus(upper)) { ctx.addIssue({ code: 'custom', message: REVIEWERS_MSG.applicationStatus }); return z.NEVER; }
    return upper;
  }),
  stalled: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  search,
});

const SummaryQuery = pageQuery(100).extend({ reviewerType, search });

export function reviewerRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const list = reviewersList(ctx);
  const stateAdmin = (req: Parameters<typeof requireListScope>[0]) => {
    if (!('all' in requireListScope(req, 'read', 'reviewer'))) throw forbidden();
  };

  router.get('/review/applications/reviewers/all', doc({ ok: ReviewerAssignmentsPageSchema, summary: 'Every review assignment (State Admin)', query: AssignmentsQuery, errors: [403] }), requireUser(ctx), handler(async (req, res) => {
    stateAdmin(req);
    res.json(await list.assignments(parseInput(AssignmentsQuery, withPageSize(req.query))));
  }));

  router.get('/review/applications/reviewers/summary', doc({ ok: ReviewerSummaryPageSchema, summary: 'Review assignments counted by reviewer (State Admin)', query: SummaryQuery, errors: [403] }), requireUser(ctx), handler(async (req, res) => {
    stateAdmin(req);
    res.json(await list.summary(parseInput(SummaryQuery, withPageSize(req.query))));
  }));

  return router;
}
