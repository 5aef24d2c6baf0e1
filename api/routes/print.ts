// Print (spec 7: POST organization/{orgId}/generate-pdf/{applicationId} → {pdfBase64}, downloaded by
// the UI as application_{id}.pdf). Spec 4 row rules: Print is shown only when SUBMITTED. Whoever may
// read the application may print it (staff, state readers); reading changes nothing, so nothing is audited.
// The organization in the path must be the application's own.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import type { ApiContext } from '../context';
import { conflict, handler, notFound } from '../http';
import { applicationRoute, visibleApplication } from '../services/application-access';
import { loadApplicationContent } from '../services/application-content';
import { renderApplicationPdf } from '../services/application-pdf';
import { APPLICATION_MSG } from '../../domain/messages';
import { doc } from '../openapi/declare';

const PRINTABLE_STATUS = 'SUBMITTED';

export function printRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  router.post('/organization/:orgId/generate-pdf/:applicationId', doc({ summary: 'The application printed to PDF', ok: { file: 'application/pdf' }, errors: [409] }), ...applicationRoute(ctx, 'read', 'applicationId'), handler(async (req, res) => {
    const { app } = visibleApplication(res);
    if (app.organizationId !== String(req.params.orgId)) throw notFound(APPLICATION_MSG.notFound);
    if (app.status !== PRINTABLE_STATUS) throw conflict(APPLICATION_MSG.onlySubmittedPrinted);
    const pdf = await renderApplicationPdf(await loadApplicationContent(ctx.db, app));
    res.json({ pdfBase64: pdf.toString('base64'), fileName: `application_${app.id}.pdf` });
  }));

  return router;
}
