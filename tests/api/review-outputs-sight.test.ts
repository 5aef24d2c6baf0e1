// The state review PDF and the state list's XLSX export print only what their reader may see (issue 39 item 2,
// decision 092): a part or a column the reader may not see is left out, not blanked. Expected answers from the
// hand-written fixture tests/fixtures/history-sight.ts (PDF_PARTS, EXPORT_COLUMNS), never from the permissions table
// or the sight rule. The rubric is scored through the State_Admin's own route (PUT rubric-scores/…) on GA-LKV003 (in
// gating review, rsm.reviewer assigned) and GA-LKV010 (in the state stage, state.reviewer assigned), so the parts
// left out would otherwise print a total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { TRANSPORT, type TestApi } from './harness';
import { startReviewApi } from './fixtures';
import { pdfToText } from '../support/pdf';
import { ACCOUNT, EXPORT_COLUMNS, PDF_PARTS, type Role } from '../fixtures/history-sight';

const GATING_APP = 'GA-LKV003';
const STATE_STAGE_APP = 'GA-LKV010';
/** The application each reader of the PDF opens: one they may read the reviews of (DESIGN 5, review rubric 1). */
const PDF_APP: Readonly<Partial<Record<Role, string>>> = {
  State_Admin: GATING_APP, RSM_Admin: GATING_APP, RSM_Reviewer: GATING_APP, RSM_Financial_Reviewer: GATING_APP, State_Reviewer: STATE_STAGE_APP,
};
const STATE_ROLES = Object.keys(EXPORT_COLUMNS['Rubric total']!) as Role[];

let api: TestApi;
let tokens: Record<string, string>;

/** GET as `role`, the body read whole: over HTTP, or through the in-process transport's stream. */
async function download(role: Role, path: string): Promise<{ status: number; bytes: Buffer }> {
  const headers = { Authorization: `Bearer ${tokens[ACCOUNT[role]]}`, Accept: '*/*' };
  if (TRANSPORT === 'inprocess') {
    const res = await api.transport.stream({ method: 'GET', path, headers });
    if (Buffer.isBuffer(res.body)) return { status: res.status, bytes: res.body };
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return { status: res.status, bytes: Buffer.concat(chunks) };
  }
  const res = await fetch(`${api.baseUrl}/api/v1${path}`, { headers });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  ({ api, tokens } = await startReviewApi([...new Set(Object.values(ACCOUNT))]));
  for (const id of [GATING_APP, STATE_STAGE_APP]) {
    const res = await api.call(`/api/v1/rubric-scores/application/${id}/score`, {
      token: tokens[ACCOUNT.State_Admin], method: 'PUT', body: { totalOutlayFundsScore: 30, affordabilityScore: 20, universalityScore: 3 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('the state review PDF', () => {
  it('prints the rubric and its total to those who read the rubric, and leaves the part out for the others', async () => {
    const outcomes = new Set<string>();
    for (const [role, id] of Object.entries(PDF_APP) as [Role, string][]) {
      const res = await download(role, `/review/applications/${id}/state-review-pdf`);
      expect(res.status, `${role}: ${res.bytes.toString('utf8').slice(0, 200)}`).toBe(200);
      const text = pdfToText(res.bytes).replace(/[ \t]+/g, ' ');
      expect(text, role).toContain(`Application ${id}`);
      for (const part of ['Rubric score', 'Rubric total'] as const) {
        const seen = PDF_PARTS[part][role];
        if (seen === 'shown') expect(text, `${role}: ${part}`).toContain(part);
        else expect(text, `${role}: ${part}`).not.toContain(part);
        outcomes.add(seen!);
      }
      // Scored 53 of 100: the total shows where the part does (never a blank part).
      if (PDF_PARTS['Rubric total'][role] === 'shown') expect(text, role).toContain('Rubric total: 53 of 100 points.');
      else expect(text, role).not.toContain('of 100 points');
    }
    expect([...outcomes].sort()).toEqual(['left out', 'shown']);
  });
});

describe('the state list\'s XLSX export', () => {
  it('has the review columns each role may see and no column for the others', async () => {
    for (const role of STATE_ROLES) {
      const res = await download(role, '/review/applications/all-applications/export?applicationId=GA-LKV');
      expect(res.status, role).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      for (const [column, seen] of Object.entries(EXPORT_COLUMNS)) {
        if (seen[role as keyof typeof seen] === 'shown') expect(header, `${role}: ${column}`).toContain(column);
        else expect(header, `${role}: ${column}`).not.toContain(column);
      }
      // Every row has a cell under each header, none beyond (a column left out, not emptied).
      sheet.eachRow((row) => expect(row.cellCount, role).toBeLessThanOrEqual(header.length));
      // The State_Admin's workbook carries GA-LKV003's total under its header.
      if (role === 'State_Admin') {
        const at = header.indexOf('Rubric total') + 1;
        let total: unknown = null;
        sheet.eachRow((row, n) => {
          if (n > 1 && row.getCell(1).value === GATING_APP) total = row.getCell(at).value;
        });
        expect(total).toBe(53);
      }
    }
  });
});
