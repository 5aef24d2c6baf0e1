// The candidate dashboard (review rubric 6, issue 12 item 7, decision 043): `GET review/applications/candidate-dashboard`
// (paged over project areas) and `GET review/applications/candidate-dashboard/export` (the same filters, every area,
// an XLSX streamed with exceljs' WorkbookWriter). The spec names only the screen; the paths sit beside the state's
// other review/applications lists. State roles holding read:candidate (domain/permissions.ts) read it; 403 to others.
// Mounted before the routes taking review/applications/:id (api/index.ts), which would read the name as an id.
import { Router, type Request } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { forbidden, handler, parseInput } from '../http';
import { pageEnvelope, pageQuery } from '../db/paging';
import { requireUser } from '../guard';
import { requireListScope } from '../services/application-access';
import { candidateDashboard, type CandidateQuery } from '../services/candidate-dashboard';
import { CANDIDATE_MSG, isPastGating } from '../../domain/candidates';
import { statusLabel } from '../../domain/statuses';
import { doc } from '../openapi/declare';
import { CandidatePageSchema } from '../../domain/api-schemas';

export const CANDIDATE_QUERY_MSG = { unknownStatus: 'Unknown status filter' } as const;

/** The filters of both routes (review rubric 6: filters in the URL). */
const FilterQuery = z.object({
  projectLocation: z.string().trim().max(200).optional().transform((v) => v || undefined),
  technologyType: z.string().trim().max(200).optional().transform((v) => v || undefined),
  /** One or several past-gating statuses, a comma list or the parameter repeated; ALL or none: every one. */
  status: z.union([z.string(), z.array(z.string())]).optional().transform((value, ctx) => {
    const names = [value ?? []].flat().flatMap((v) => v.split(',')).map((v) => v.trim().toUpperCase()).filter(Boolean);
    if (names.length === 0 || names.includes('ALL')) return undefined;
    if (!names.every(isPastGating)) {
      ctx.addIssue({ code: 'custom', message: CANDIDATE_QUERY_MSG.unknownStatus });
      return z.NEVER;
    }
    return [...new Set(names)];
  }),
  withinBand: z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1'),
  applicationId: z.string().trim().max(20).optional().transform((v) => v || undefined),
});

const DashboardQuery = pageQuery(100).extend(FilterQuery.shape);

function candidateQuery(f: z.infer<typeof FilterQuery>): CandidateQuery {
  return {
    projectArea: f.projectLocation, technologyType: f.technologyType, statuses: f.status, withinBandOnly: f.withinBand, applicationId: f.applicationId,
  };
}

/** The export's file name: the day it was made. */
const exportName = (now: Date) => `candidate-dashboard-${now.toISOString().slice(0, 10)}.xlsx`;

export function candidateDashboardRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const signedIn = requireUser(ctx);
  // Every area or none: the ranking compares applications of every organization, so only an 'any' holder reads it
  // (an organization user's scope of their own organizations is refused too).
  const mayRead = (req: Request) => {
    if (!('all' in requireListScope(req, 'read', 'candidate'))) throw forbidden();
  };

  router.get('/review/applications/candidate-dashboard', doc({ ok: CandidatePageSchema, summary: 'The candidate dashboard: per project area the applications ranked by BEAD outlay per location', query: DashboardQuery, errors: [403] }), signedIn, handler(async (req, res) => {
    mayRead(req);
    const q = parseInput(DashboardQuery, req.query);
    const { areas, totalAreas, totalApplications, emptyAreas } = await candidateDashboard(ctx.db, candidateQuery(q), { page: q.page, limit: q.limit });
    res.json({ ...pageEnvelope(q.page, q.limit, totalAreas), totalApplications, areas, emptyAreas });
  }));

  router.get('/review/applications/candidate-dashboard/export', doc({ summary: 'The candidate dashboard as XLSX', query: FilterQuery, ok: { file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, errors: [403] }), signedIn, handler(async (req, res) => {
    mayRead(req);
    const q = parseInput(FilterQuery, req.query);
    const { areas, emptyAreas } = await candidateDashboard(ctx.db, candidateQuery(q));
    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', `attachment; filename="${exportName(new Date())}"`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true });
    const sheet = workbook.addWorksheet('Candidates');
    sheet.columns = [
      { header: 'Project area', key: 'area', width: 28 },
      { header: 'Rank', key: 'rank', width: 6 },
      { header: 'Application ID', key: 'id', width: 14 },
      { header: 'Organization', key: 'organization', width: 32 },
      { header: 'Technology', key: 'technology', width: 26 },
      { header: 'Status', key: 'status', width: 28 },
      { header: 'BEAD request', key: 'request', width: 14, style: { numFmt: '"$"#,##0.00' } },
      { header: 'Unserved locations', key: 'unserved', width: 10 },
      { header: 'Underserved locations', key: 'underserved', width: 10 },
      { header: 'Locations covered', key: 'locations', width: 10 },
      { header: 'BEAD outlay per location', key: 'outlay', width: 14, style: { numFmt: '"$"#,##0.00' } },
      { header: 'Lowest in area', key: 'lowest', width: 14, style: { numFmt: '"$"#,##0.00' } },
      { header: 'Within 15%', key: 'band', width: 8 },
      { header: 'Rubric total', key: 'rubric', width: 8 },
      { header: 'Note', key: 'note', width: 40 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const area of areas) {
      for (const row of area.applications) {
        sheet.addRow({
          area: area.projectArea ?? CANDIDATE_MSG.noArea,
          rank: row.rank,
          id: row.applicationId,
          organization: row.organizationName,
          technology: row.technologyType,
          status: statusLabel(row.status),
          request: row.beadRequest,
          unserved: row.unserved,
          underserved: row.underserved,
          locations: row.locations,
          outlay: row.outlayPerLocation === null ? null : Math.round(row.outlayPerLocation * 100) / 100,
          lowest: area.lowestOutlay === null ? null : Math.round(area.lowestOutlay * 100) / 100,
          band: row.withinBand ? 'Yes' : 'No',
          rubric: row.rubricTotal,
          note: row.outlayPerLocation === null ? CANDIDATE_MSG.noOutlay : null,
        }).commit();
      }
    }
    sheet.commit();
    const empty = workbook.addWorksheet('No eligible application');
    empty.columns = [{ header: 'Project areas with no eligible application', key: 'area', width: 40 }];
    empty.getRow(1).font = { bold: true };
    empty.getRow(1).commit();
    for (const name of emptyAreas) empty.addRow({ area: name }).commit();
    empty.commit();
    await workbook.commit();
  }));

  return router;
}
