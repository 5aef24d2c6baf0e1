// Print (spec 7: POST organization/{orgId}/generate-pdf/{applicationId} → {pdfBase64}, downloaded by
// the UI as application_{id}.pdf). Spec 4 row rules: Print is shown only when SUBMITTED. Any active
// member of the organization may print (staff read); reading changes nothing, so nothing is audited.
import { Router } from 'express';
import { and, eq } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { conflict, handler, notFound } from '../http';
import { orgRole, requireUser } from '../guard';
import { applications } from '../db/schema';
import { loadApplicationContent } from '../services/application-content';
import { renderApplicationPdf } from '../services/application-pdf';
import { APPLICATION_MSG } from '../../domain/messages';

const PRINTABLE_STATUS = 'SUBMITTED';

export function printRoutes(ctx: ApiContext): Router {
  const router = Router();

  router.post('/organization/:orgId/generate-pdf/:applicationId', requireUser(ctx), handler(async (req, res) => {
    const orgId = String(req.params.orgId);
    orgRole(req, orgId);
    const id = String(req.params.applicationId).trim().toUpperCase();
    const [app] = await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.id, id), eq(applications.organizationId, orgId)))
      .limit(1);
    if (!app) throw notFound(APPLICATION_MSG.notFound);
    if (app.status !== PRINTABLE_STATUS) throw conflict(APPLICATION_MSG.onlySubmittedPrinted);
    const pdf = await renderApplicationPdf(await loadApplicationContent(ctx.db, app));
    res.json({ pdfBase64: pdf.toString('base64'), fileName: `application_${app.id}.pdf` });
  }));

  return router;
}
