// A reviewer's marking of an application (issue 12 items 1-3 and 5, review rubric 1-3; decision 038), applied by
// api/services/reviews.ts:
// - POST review/applications/{id}/conflict-of-interest {conflict, note?}: the declaration made before the answers show.
// - PUT  review/applications/{id}/sections/{sectionId}/marks {marks: [{questionId, passFail?, score?, comment?}]}: save.
// - POST review/applications/{id}/sections/{sectionId}/submit: submit a section (every question of it marked).
// - POST review/applications/{id}/submit-review-decision {decision, comments}: every section submitted; may move the
//   application to the stage's AWAITING_STATE_CONSENSUS (a system move).
// - PUT  review/applications/applications/{id}/reviews/{reviewerId}/unlock {comment}: the stage admin's unlock.
// - GET  review/applications/{id}/review-summary: review rubric 3, per stage with the decisions the caller sees.
// - GET  review/applications/{id}/passes: the earlier passes through the stages, read-only (decision 051).
// - GET  review/applications/{id}/consensus and PUT …/questions/{qid}/average-score: review rubric 4 (State_Admin);
//   the GET answers by the review sight (a reviewer: only their own marks, no consensus; decision 051 addendum).
// Writes are 'update review' (assigned reviewers; RSM_Financial_Reviewer and admins 403) or 'update review-assignment'
// (the unlock: State_Admin, the stage's vendor admin); every body is strict, so a stray key is 400 before anything.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { handler, parseInput } from '../http';
import { currentAuth, reviewViewer } from '../guard';
import { applicationRoute, visibleApplication } from '../services/application-access';
import { consensusSeenBy, decisionsSeen, declareConflict, saveMarks, setConsensus, submitDecision, submitSection, summaryOf, unlockReview } from '../services/reviews';
import { CONSENSUS_MSG, MARK_MSG } from '../../domain/review-marks';
import { earlierPasses } from '../services/review-pass-history';
import { ConflictDeclaredSchema, ConsensusSchema, ConsensusSetSchema, DecisionSubmittedSchema, EarlierPassesSchema, MarksSavedSchema, ReviewSummarySchema, ReviewUnlockedSchema, SectionReviewSubmittedSchema } from '../../domain/api-schemas';
import { doc } from '../openapi/declare';
import { ConflictBody, ConsensusBody, DecisionBody, EmptyBody, MarksBody, ReviewUnlockBody, uuid } from '../../domain/api-requests';








export function reviewMarkingRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const me = (req: Parameters<typeof currentAuth>[0]) => currentAuth(req).profile.id;
  const sectionParam = (value: unknown) => parseInput(z.object({ sectionId: uuid('Unknown section') }), { sectionId: value }).sectionId;

  router.post('/review/applications/:id/conflict-of-interest', doc({ ok: ConflictDeclaredSchema, summary: 'Declare whether I have a conflict of interest', body: ConflictBody, errors: [409] }), ...applicationRoute(ctx, 'update', 'id', 'review'), handler(async (req, res) => {
    const body = parseInput(ConflictBody, req.body);
    const { app } = visibleApplication(res);
    const result = await declareConflict(ctx, app, me(req), body);
    res.json({ message: result.conflict ? MARK_MSG.declaredConflict : MARK_MSG.declaredNone, ...result });
  }));

  router.put('/review/applications/:id/sections/:sectionId/marks', doc({ ok: MarksSavedSchema, summary: 'Save my marks of a section', body: MarksBody, errors: [409] }), ...applicationRoute(ctx, 'update', 'id', 'review'), handler(async (req, res) => {
    const { marks, version } = parseInput(MarksBody, req.body);
    const { app } = visibleApplication(res);
    const result = await saveMarks(ctx, app, me(req), sectionParam(req.params.sectionId), marks, version);
    res.json({ message: MARK_MSG.saved, ...result });
  }));

  router.post('/review/applications/:id/sections/:sectionId/submit', doc({ ok: SectionReviewSubmittedSchema, summary: 'Submit my review of a section', body: EmptyBody, errors: [409] }), ...applicationRoute(ctx, 'update', 'id', 'review'), handler(async (req, res) => {
    parseInput(EmptyBody, req.body);
    const { app } = visibleApplication(res);
    const result = await submitSection(ctx, app, me(req), sectionParam(req.params.sectionId));
    res.json({ message: MARK_MSG.sectionDone, ...result });
  }));

  router.post('/review/applications/:id/submit-review-decision', doc({ ok: DecisionSubmittedSchema, summary: 'Submit my review decision', body: DecisionBody, errors: [409] }), ...applicationRoute(ctx, 'update', 'id', 'review'), handler(async (req, res) => {
    const body = parseInput(DecisionBody, req.body);
    const { app } = visibleApplication(res);
    const result = await submitDecision(ctx, app, me(req), body);
    res.json({ message: MARK_MSG.decisionDone, ...result });
  }));

  router.put('/review/applications/applications/:id/reviews/:reviewerId/unlock', doc({ ok: ReviewUnlockedSchema, summary: 'Unlock a reviewer\'s submitted review (stage admin)', body: ReviewUnlockBody, errors: [409] }), ...applicationRoute(ctx, 'update', 'id', 'review-assignment'), handler(async (req, res) => {
    const { comment } = parseInput(ReviewUnlockBody, req.body);
    const reviewerId = parseInput(z.object({ reviewerId: uuid('Unknown reviewer') }), { reviewerId: req.params.reviewerId }).reviewerId;
    const { app } = visibleApplication(res);
    const result = await unlockReview(ctx, app, me(req), reviewerId, comment);
    res.json({ message: MARK_MSG.unlocked, ...result });
  }));

  // Each stage's figures (whoever reads the reviews), and its current pass's submitted decisions as far as the caller's
  // sight on the stage goes (domain/review-sight.ts, as the state review PDF: decisionsSeen; issue 41 item 6).
  router.get('/review/applications/:id/review-summary', doc({ ok: ReviewSummarySchema, summary: 'The review summary of the application\'s stages' }), ...applicationRoute(ctx, 'read', 'id', 'review'), handler(async (req, res) => {
    const { app } = visibleApplication(res);
    const [summary, decisions] = await Promise.all([summaryOf(ctx, app), decisionsSeen(ctx, app, reviewViewer(req))]);
    res.json({ ...summary, stages: summary.stages.map((s) => ({ ...s, decisions: decisions.get(s.stage) ?? [] })) });
  }));

  // The earlier passes through the stages (decision 051): read-only, what the caller may see of each (domain/review-sight.ts).
  router.get('/review/applications/:id/passes', doc({ ok: EarlierPassesSchema, summary: 'The earlier review passes' }), ...applicationRoute(ctx, 'read', 'id', 'review'), handler(async (req, res) => {
    const { app } = visibleApplication(res);
    res.json({ applicationId: app.id, passes: await earlierPasses(ctx, app, reviewViewer(req)) });
  }));

  // What the caller may see of it (domain/review-sight.ts, decision 051 addendum): a reviewer only their own marks.
  router.get('/review/applications/:id/consensus', doc({ ok: ConsensusSchema, summary: 'The marks side by side and the consensus values' }), ...applicationRoute(ctx, 'read', 'id', 'review'), handler(async (req, res) => {
    const { app } = visibleApplication(res);
    res.json({ applicationId: app.id, ...(await consensusSeenBy(ctx, app, reviewViewer(req))) });
  }));

  // The State_Admin's (checked by the service); declared on 'update status', the consensus being part of the state's moves.
  router.put('/review/applications/:id/questions/:qid/average-score', doc({ ok: ConsensusSetSchema, summary: 'Set a question\'s consensus value (State Admin)', body: ConsensusBody, errors: [409] }), ...applicationRoute(ctx, 'update', 'id', 'status'), handler(async (req, res) => {
    const body = parseInput(ConsensusBody, req.body);
    const questionId = parseInput(z.object({ qid: uuid(CONSENSUS_MSG.notMarked) }), { qid: req.params.qid }).qid;
    const { app } = visibleApplication(res);
    const { profile } = currentAuth(req);
    const result = await setConsensus(ctx, app, profile.id, profile.roles.map((r) => r.name), questionId, body);
    res.json({ message: CONSENSUS_MSG.done, ...result });
  }));

  return router;
}
