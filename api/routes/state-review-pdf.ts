// The state review PDF (issue 12 item 9, review rubric 7; decision 046): GET review/applications/{id}/state-review-pdf,
// written by api/services/state-review-pdf.ts straight into the response, page by page. Whoever reads the application's
// reviews ('read review': the State_Admin, the stage's vendor admin, the financial reviewer, an assigned reviewer;
// organization users 403, a reviewer not assigned 404). A reviewer who has not declared that they have no conflict of
// interest gets it without the answers (decision 038). After the current pass and the rubric come the earlier passes
// the caller may see (decision 051's rule: a reviewer only their own review). The rubric part only for a caller who reads
// the rubric (the permissions table's 'read rubric'; decision 092): left out for the others. The review screen's "Download State
// Review PDF" passes it on to the browser as it comes (app/routes/resources.state-review-pdf.$id.tsx, through the UI's
// streamed API call).
// Reading changes nothing, so nothing is audited.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import type { ApiContext } from '../context';
import { handler } from '../http';
import { currentAuth, reviewViewer } from '../guard';
import { applicationRoute, visibleApplication } from '../services/application-access';
import { contentDisposition } from '../services/uploads';
import { hidesAnswers, myReview } from '../services/reviews';
import { loadStateReview, STATE_REVIEW_PDF, streamStateReviewPdf } from '../services/state-review-pdf';
import { doc } from '../openapi/declare';

export function stateReviewPdfRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  router.get('/review/applications/:id/state-review-pdf', doc({ summary: 'The state review PDF', ok: { file: 'application/pdf' }, errors: [409] }), ...applicationRoute(ctx, 'read', 'id', 'review'), handler(async (req, res) => {
    const { app, assignment } = visibleApplication(res);
    const { profile } = currentAuth(req);
    const answersHidden = hidesAnswers(await myReview(ctx, app, profile.id));
    // Everything is read first: a failure here is an ordinary error answer. The earlier passes: what the caller may see
    // of them, as GET review/applications/{id}/passes answers it (decision 051); the rubric only for those who read it
    // (GET rubric-scores/…'s rule, decision 092).
    const review = await loadStateReview(ctx, app, { viewer: { ...reviewViewer(req), assigned: assignment !== null }, answersHidden });
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', contentDisposition('attachment', STATE_REVIEW_PDF.fileName(app.id)));
    res.setHeader('Cache-Control', 'private, no-store');
    try {
      await streamStateReviewPdf(review, res);
    } catch (err) {
      // The headers (and perhaps pages) are out: the download can only be broken off (the browser reports it).
      ctx.log(`The state review PDF of ${app.id} failed while streaming`, err);
      res.destroy(err as Error);
    }
  }));

  return router;
}
