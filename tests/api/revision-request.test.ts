// What the organization sees of a revision request (issue 10 item 4): while REVISION_NEEDED, the section view
// (GET applications/{id}/sections/{sectionId}) carries the state's comments and the reopened sections
// (api/services/revision-request.ts, from the newest move into REVISION_NEEDED); the reopened section is writable,
// the others read-only; in any other status the field is absent. (The resubmit round trip: tests/api/review-moves.test.ts,
// and the organization's journey in tests/e2e/application-form.spec.ts on the demo data, whose answers are complete.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let state: string;
let admin: string;
const S: Record<string, string> = {};
// A seeded application in a stage's consensus status, from which the state may ask for a revision.
const ID = 'GA-LKV010';

const view = (sectionId: string, token = admin) => api.call(`/api/v1/applications/${ID}/sections/${sectionId}`, { token });

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  state = (await api.signIn('state.admin@example.gov')).token;
  admin = (await api.signIn('org.admin@example.org')).token;
  for (const s of (await api.call('/api/v1/section/all', { token: admin })).body as { id: string; slug: string }[]) S[s.slug] = s.id;
});

afterAll(async () => {
  await api?.close();
});

describe('the revision request in the section view', () => {
  it('names the comments and the reopened section while REVISION_NEEDED, and is absent before', async () => {
    expect((await view(S.technology!)).body.application).not.toHaveProperty('revisionRequest');
    const comments = 'Describe the backhaul in more detail.';
    const moved = await api.call(`/api/v1/review/applications/${ID}/mark-as-revision-needed`, { token: state, body: { sectionIds: [S.technology], comments } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const open = (await view(S.technology!)).body;
    expect(open.application).toMatchObject({ status: 'REVISION_NEEDED', readOnly: false, revisionRequest: { comments, sectionIds: [S.technology] } });
    expect(Date.parse(open.application.revisionRequest.requestedAt)).toBeGreaterThan(Date.now() - 60_000);
    const locked = (await view(S.budget!)).body;
    expect(locked.application).toMatchObject({ readOnly: true, revisionRequest: { comments, sectionIds: [S.technology] } });
    // The state reads the same view.
    expect((await view(S.technology!, state)).body.application.revisionRequest).toMatchObject({ comments });
  });
});
