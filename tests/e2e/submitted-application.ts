// A fresh organization with one application submitted through the public API (sign-up, the entity profile, a
// document for the File questions, every section answered with a valid value, submit): for journeys that need a
// SUBMITTED application of their own instead of a seeded one other specs use. Answers: tests/support/valid-answers.ts.
import type { Page } from '@playwright/test';
import { test, expect, apiToken } from './fixtures';
import { pdfFile } from './form-filler';
import { validValue } from '../support/valid-answers';

export interface SubmittedApplication {
  id: string;
  organizationId: string;
  legalName: string;
  adminEmail: string;
  /** The sections by slug. */
  sections: Record<string, { id: string; name: string }>;
}

const editable = (q: any) => q.type !== 'Header' && !q.readOnly && !q.additionalMetadata?.optionsFrom;

export interface SubmitOptions {
  /** The project area (default: the first by name). */
  area?: string;
  /** Answers by system number instead of the valid default (e.g. '28', the BEAD request). */
  answers?: Record<string, unknown>;
}

export async function submitFreshApplication(page: Page, prefix: string, opts: SubmitOptions = {}): Promise<SubmittedApplication> {
  const stamp = `${test.info().project.name}-${Date.now()}`;
  const legalName = `${prefix} ${stamp}`;
  const adminEmail = `${prefix.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${stamp.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.org`;
  const signup = await page.request.post('/api/v1/organization/signup', { data: { legalName, firstName: 'Sub', lastName: 'Mitter', email: adminEmail } });
  expect(signup.status(), await signup.text()).toBe(201);
  const headers = { Authorization: `Bearer ${await apiToken(page, adminEmail)}` };
  const call = async (method: 'get' | 'post', path: string, data?: unknown) => {
    const res = await page.request[method](`/api/v1${path}`, { headers, ...(data === undefined ? {} : { data }) });
    const body = await res.json().catch(() => null);
    expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${JSON.stringify(body)}`).toBe(true);
    return body;
  };
  const me = await call('get', '/users/me');
  const organizationId = (me.user ?? me).organizations[0].id as string;
  const programId = (await call('get', '/program/all'))[0].id as string;
  const area = opts.area ?? ((await call('get', '/project-area/all'))[0].name as string);
  const list = (await call('get', '/section/all')) as { id: string; slug: string; name: string; isEntityProfile: boolean }[];
  const sections = Object.fromEntries(list.map((s) => [s.slug, { id: s.id, name: s.name }]));

  const created = await call('post', `/applications/create?organizationId=${organizationId}`, { programId, projectLocation: area, technologyType: 'Fiber to the premises' });
  const id = (created.applicationId ?? created.id ?? created.application?.id) as string;
  expect(id, JSON.stringify(created)).toMatch(/^GA-/);

  // One document of the organization's library answers every File question.
  const pdf = pdfFile('network-diagram.pdf');
  const upload = await page.request.post('/api/v1/documents/upload', {
    headers,
    multipart: { organizationId, programId, sectionId: sections.technology!.id, applicationId: id, fileName: pdf.name, file: pdf },
  });
  const uploaded = await upload.json();
  expect(upload.status(), JSON.stringify(uploaded)).toBe(201);
  const file = { documentId: uploaded.document.id as string, fileName: uploaded.document.fileName as string };

  for (const section of list) {
    const view = await call('get', `/applications/${id}/sections/${section.id}`);
    const answers = view.questions.filter(editable).map((q: any) => ({ questionId: q.id, value: opts.answers?.[q.systemNo] ?? validValue(q, file) }));
    if (section.isEntityProfile) await call('post', `/organization/${organizationId}/profile`, { answers });
    else await call('post', `/applications/${id}/sections/${section.id}/answers`, { answers });
  }
  const submitted = await call('post', `/applications/${id}/submit`, {});
  expect(submitted.status).toBe('SUBMITTED');
  return { id, organizationId, legalName, adminEmail, sections };
}

/**
 * Moves a submitted application past gating to TECHNICAL_REVIEW through the State_Admin's `change-status` (`headers`:
 * their bearer token): only the PASSED_* moves are guarded by the consensus (decision 041), so no gating review is needed.
 */
export async function movePastGating(page: Page, id: string, headers: Record<string, string>) {
  const moved = await page.request.post(`/api/v1/review/applications/${id}/change-status`, {
    headers, data: { status: 'TECHNICAL_REVIEW', comments: 'Past gating for a test journey.' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}
