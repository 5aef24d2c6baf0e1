// Issue 41 item 10: table question 84 (related applications) takes `ga-lkv004` and stores `GA-LKV004` (spec 5: the
// application number field is upper-cased); a number of the wrong shape is still refused with the spec's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { signInOrganizationSide } from './fixtures';

let api: TestApi;
let token: string;
let applicationId: string;
let sectionId: string;
let questionId: string;

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const { admin, lakeviewId } = await signInOrganizationSide(api);
  token = admin.token;
  const programId = (await api.call('/api/v1/program/all', { token })).body[0].id;
  const areas = (await api.call('/api/v1/project-area/all', { token })).body;
  const created = await api.call(`/api/v1/applications/create?organizationId=${lakeviewId}`, {
    token, body: { programId, projectLocation: areas[0].name, technologyType: 'Fiber to the premises' },
  });
  expect(created.status).toBe(201);
  applicationId = created.body.applicationId;
  for (const section of (await api.call('/api/v1/section/all', { token })).body) {
    const view = (await api.call(`/api/v1/applications/${applicationId}/sections/${section.id}`, { token })).body;
    const q = view.questions?.find((x: any) => x.systemNo === '84');
    if (q) {
      sectionId = section.id;
      questionId = q.id;
      break;
    }
  }
  expect(questionId).toBeTruthy();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

const save = (rows: Record<string, string>[]) =>
  api.call(`/api/v1/applications/${applicationId}/sections/${sectionId}/answers`, { token, body: { answers: [{ questionId, value: rows }] } });
const stored = async () => {
  const view = (await api.call(`/api/v1/applications/${applicationId}/sections/${sectionId}`, { token })).body;
  const q = view.questions.find((x: any) => x.id === questionId);
  return q.value ?? q.answer ?? view.answers?.[questionId];
};

describe('question 84: application number cells', () => {
  it('accepts ga-lkv004 and stores GA-LKV004', async () => {
    const res = await save([{ application_number: 'ga-lkv004', project_area: 'North shore', relationship: 'Same network' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stored()).toEqual([{ application_number: 'GA-LKV004', project_area: 'North shore', relationship: 'Same network' }]);
  });

  it('still refuses a number of the wrong shape, in any case', async () => {
    const res = await save([{ application_number: 'ga-lkv04', project_area: 'North shore', relationship: 'Same network' }]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Field Application number must be GA- followed by 6 letters or digits.');
    expect(await stored()).toEqual([{ application_number: 'GA-LKV004', project_area: 'North shore', relationship: 'Same network' }]);
  });
});
