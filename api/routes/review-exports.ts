// The state's streamed downloads (issue 12 item 9, review rubric 7; decision 045):
// - GET review/applications/all-applications/export (the state list's filters: status, applicationId, organizationId,
//   projectLocation, startDate, endDate; the same schema and WHERE as GET review/applications): an XLSX of every
//   matching application, streamed (api/services/applications-export.ts). Whoever reads the state list reads it, with
//   the same rows (a reviewer: their assignments); organization users 403. Its columns are the caller's (decision 092):
//   the rubric total and a stage's review figures are left out for a caller who may not see them.
// - GET review/applications/{id}/documents/download: a ZIP of the application's file answers, a folder per section,
//   streamed from storage (api/services/attachments-zip.ts). The state's view of the application (as GET
//   review/applications/{id}: organization users 403, a reviewer not assigned 404), with the files it shows the caller
//   (none to a reviewer who has not declared no conflict of interest). No files: an empty ZIP (the screens hide the
//   link then).
// Both are reads: the read-only financial reviewer may download them. Headers are sent with the first bytes; a failure
// after that can only break the download (the browser reports it), and is logged.
import { Router, type Request, type Response } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import type { ApiContext } from '../context';
import { handler, parseInput } from '../http';
import { currentAuth, requireUser, reviewViewer } from '../guard';
import { applicationRoute, requireStateScope, visibleApplication } from '../services/application-access';
import { DownloadAbandoned, writeApplicationsWorkbook } from '../services/applications-export';
import { attachmentEntries, writeAttachmentsZip } from '../services/attachments-zip';
import { hidesAnswers, myReview } from '../services/reviews';
import { ReviewListQuery } from './review-list';
import { applicationsExportFileName, attachmentsFileName } from '../../domain/exports';
import { zonedToday } from '../../domain/dates';
import { doc } from '../openapi/declare';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ExportQuery = ReviewListQuery.omit({ page: true, limit: true });

/** The caller as the workbook asks the sight (its columns, decision 092) and the reviewer scope (their id). */
function scopeViewer(req: Request) {
  const { id, roles } = reviewViewer(req);
  return { reviewerId: id, roles };
}

function download(res: Response, contentType: string, fileName: string) {
  res.status(200);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
}

/** Runs a streamed write; an error before the first byte goes to the error middleware (a JSON answer), after it breaks the response. */
async function streamed(ctx: ApiContext, res: Response, what: string, write: () => Promise<unknown>) {
  try {
    await write();
  } catch (err) {
    if (!res.headersSent) {
      res.removeHeader('Content-Disposition');
      res.removeHeader('Content-Type');
      throw err;
    }
    if (!(err instanceof DownloadAbandoned) && !res.destroyed) ctx.log(`${what} failed while streaming`, err);
    res.destroy();
  }
}

export function reviewExportRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  router.get('/review/applications/all-applications/export', doc({ summary: 'The state\'s applications list as XLSX', query: ExportQuery, ok: { file: XLSX_TYPE }, errors: [403] }), requireUser(ctx), handler(async (req, res) => {
    const scope = requireStateScope(req);
    const q = parseInput(ExportQuery, req.query);
    download(res, XLSX_TYPE, applicationsExportFileName(zonedToday()));
    await streamed(ctx, res, 'The applications export', () =>
      writeApplicationsWorkbook(ctx, res, q, { assignedOnly: scope === 'assigned', ...scopeViewer(req) }));
  }));

  router.get('/review/applications/:id/documents/download', doc({ summary: 'Every file answer of an application as a ZIP', ok: { file: 'application/zip' } }), ...applicationRoute(ctx, 'read', 'id', 'status'), handler(async (req, res) => {
    const { app } = visibleApplication(res);
    const hidden = hidesAnswers(await myReview(ctx, app, currentAuth(req).profile.id));
    const entries = hidden ? [] : await attachmentEntries(ctx, app);
    download(res, 'application/zip', attachmentsFileName(app.id));
    await streamed(ctx, res, `The attachments of ${app.id}`, () => writeAttachmentsZip(ctx, res, entries));
  }));

  return router;
}
