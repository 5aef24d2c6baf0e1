// The embedded /api/v1 provider.
import express, { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from './context';
import { errorMiddleware, handler, isDirectLoopback, notFound, refuseMalformedInput, ApiError } from './http';
import { authRoutes } from './routes/auth';
import { dashboardRoutes } from './routes/dashboard';
import { reviewBulkRoutes } from './routes/review-bulk';
import { reviewListRoutes } from './routes/review-list';
import { reviewerRoutes } from './routes/reviewers';
import { reviewExportRoutes } from './routes/review-exports';
import { candidateDashboardRoutes } from './routes/candidate-dashboard';
import { messageRoutes } from './routes/messages';
import { applicationRoutes } from './routes/applications';
import { historyRoutes } from './routes/history';
import { reviewApplicationRoutes } from './routes/review-application';
import { reviewMoveRoutes } from './routes/review-moves';
import { reviewMarkingRoutes } from './routes/review-marking';
import { rubricScoreRoutes } from './routes/rubric-scores';
import { sectionRoutes } from './routes/sections';
import { profileRoutes } from './routes/profile';
import { printRoutes } from './routes/print';
import { stateReviewPdfRoutes } from './routes/state-review-pdf';
import { documentRoutes } from './routes/documents';
import { templateRoutes } from './routes/templates';
import { heldSubmissionRoutes } from './routes/held-submissions';
import { unlockRequestRoutes } from './routes/unlock-requests';
import { presenceRoutes } from './routes/presence';
import { userRoutes } from './routes/users';
import { accountRoutes } from './routes/account';
import { organizationRoutes } from './routes/organizations';
import { readOutbox } from './mail';
import { refuseReadOnlyWrites } from './guard';
import { forgetProcessCaches } from './process-cache';
import { EmailSchema } from '../domain/auth-schemas';
import { OpenApiDocumentSchema, OutboxSchema } from '../domain/api-schemas';
import { doc } from './openapi/declare';
import { buildOpenApi } from './openapi/document';
import { declared } from './openapi/registry';

export type { ApiContext } from './context';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApi(ctx: ApiContext): Router {
  const api = declared(Router());
  api.use(express.json({ limit: '2mb' }));
  api.use(refuseMalformedInput());
  api.use((req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    // A write may change what this process keeps for a few seconds (a token, a user, a role, unread counts:
    // api/process-cache.ts): it is forgotten as the write starts and again as it answers, inside res.end, so the
    // caller (over HTTP or in-process) reads the answer only after.
    if (!READS.has(req.method)) {
      forgetProcessCaches();
      const end = res.end;
      res.end = function endAfterForgetting(this: typeof res, ...args: Parameters<typeof res.end>) {
        forgetProcessCaches();
        return end.apply(this, args);
      } as typeof res.end;
    }
    next();
  });

  // The OpenAPI 3.1 document of this very router (decision 098), built once on first ask.
  let openApi: string | undefined;
  api.get('/openapi.json', doc({ ok: OpenApiDocumentSchema, summary: 'This API as an OpenAPI 3.1 document', public: true }), (_req, res) => {
    openApi ??= JSON.stringify(buildOpenApi(api.router).document);
    res.type('application/json').send(openApi);
  });

  api.get('/dev/outbox', doc({
    summary: 'The development outbox: mail kept instead of sent, newest first (the demo only, from this machine only)',
    description: 'Answers 404 unless the development outbox is on and the request comes straight from loopback.',
    ok: OutboxSchema, query: z.object({ email: EmailSchema }), public: true, errors: [404],
  }), handler(async (req, res) => {
    // Codes are readable here only on this machine and only while mail is not really sent.
    if (!ctx.outboxReadable || !isDirectLoopback(req)) throw notFound();
    const email = EmailSchema.safeParse(req.query.email);
    if (!email.success) throw new ApiError(400, 'Give ?email= with the address to read.');
    // Newest first; room for a burst of notices (a bulk move mails the admins once per application) after a code.
    res.json(await readOutbox(ctx.db, email.data, 50));
  }));

  // Before the read-only guard: holding answers is allowed with a token the idle rule has just ended.
  api.use(heldSubmissionRoutes(ctx));
  api.use(refuseReadOnlyWrites(ctx));
  api.use(authRoutes(ctx));
  api.use(accountRoutes(ctx));
  api.use(userRoutes(ctx));
  api.use(organizationRoutes(ctx));
  api.use(dashboardRoutes(ctx));
  // Before the review list and review application routes: `review/applications/:id` would take "bulk" for an id.
  api.use(reviewBulkRoutes(ctx));
  api.use(candidateDashboardRoutes(ctx));
  api.use(reviewListRoutes(ctx));
  api.use(reviewerRoutes(ctx));
  api.use(reviewExportRoutes(ctx));
  api.use(messageRoutes(ctx));
  api.use(applicationRoutes(ctx));
  api.use(historyRoutes(ctx));
  api.use(reviewApplicationRoutes(ctx));
  api.use(reviewMarkingRoutes(ctx));
  api.use(stateReviewPdfRoutes(ctx));
  api.use(rubricScoreRoutes(ctx));
  api.use(reviewMoveRoutes(ctx));
  api.use(sectionRoutes(ctx));
  api.use(profileRoutes(ctx));
  api.use(printRoutes(ctx));
  api.use(documentRoutes(ctx));
  api.use(templateRoutes(ctx));
  api.use(unlockRequestRoutes(ctx));
  api.use(presenceRoutes(ctx));

  api.use((_req, _res, next) => next(notFound('No such API route')));
  api.use(errorMiddleware(ctx.log));
  return api.router;
}
