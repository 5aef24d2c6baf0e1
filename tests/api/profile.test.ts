// The entity profile: read by members, saved by the organization admin with the profile rules of spec 5.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { partlyFilledProfiles } from '../support/seed-profiles';
import { PROFILE_MSG } from '../../domain/messages';
import { VALIDATION_MSG } from '../../domain/validation';

let api: TestApi;
let admin: { token: string; user: any };
let lakeviewId: string;
let summitId: string;
let questions: any[];
const byNo = (no: string) => questions.find((q) => q.systemNo === no);

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  await partlyFilledProfiles(api.database);
  admin = await api.signIn('org.admin@example.org');
  lakeviewId = admin.user.organizations.find((o: any) => o.name.startsWith('Lakeview')).id;
  summitId = admin.user.organizations.find((o: any) => o.name.startsWith('Summit')).id;
  questions = (await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: admin.token })).body.questions;
});
afterAll(async () => {
  await api?.close();
});

function validProfile(): { questionId: string; value: unknown }[] {
  const values: Record<string, unknown> = {
    '2': 'Lakeview Fiber', '2.1': ['RDOF'], '4': 'Cooperative',
    '5': { country: 'United States', street_address_1: '1 Main Street', city: 'Lakeview', state: 'Wisconsin', zip: '53703' },
    '6': 'ABCDEFGH1234', '7': '0012345678', '8': '123456789', '9': 'https://lakeviewfiber.example.org',
    '10': "Mary O'Neil", '11': 'General Manager', '12': 'mary@lakeviewfiber.example.org', '13': '6085550100',
    '14': 'Jo Smith-Jones', '15': 'Board Chair', '16': 'jo@lakeviewfiber.example.org', '17': '6085550101', '18': '12',
    '19': [{ owner_name: 'Members of the cooperative', 'ownership_%': '100', address: '1 Main Street, Lakeview' }],
  };
  return Object.entries(values)
    .filter(([no]) => byNo(no))
    .map(([no, value]) => ({ questionId: byNo(no).id, value }));
}

describe('GET organization/{orgId}/profile', () => {
  it('gives the Entity Information questions with answers; 1 and 3 come from the organization', async () => {
    expect(questions.length).toBeGreaterThan(15);
    expect(byNo('1')).toMatchObject({ answer: 'Lakeview Fiber Cooperative', readOnly: true });
    expect(byNo('3')).toMatchObject({ answer: lakeviewId, readOnly: true });
    expect(byNo('4').answer).toBe('Cooperative');
    expect(byNo('6')).toMatchObject({ mandatory: true, type: 'Text' });
  });

  it('is read-only for staff and 404 for another organization', async () => {
    const staff = await api.signIn('org.staff@example.org');
    const res = await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.readOnly).toBe(true);
    const summit = await api.signIn('summit.admin@example.org');
    expect((await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: summit.token })).status).toBe(404);
  });
});

describe('POST organization/{orgId}/profile', () => {
  it('refuses staff with the spec message', async () => {
    const staff = await api.signIn('org.staff@example.org');
    const res = await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: staff.token, body: { answers: [] } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(PROFILE_MSG.staffCannotEdit);
  });

  it('checks the profile rules of spec 5 and changes nothing on error', async () => {
    const answers = validProfile().map((a) => {
      const q = questions.find((x) => x.id === a.questionId);
      if (q.systemNo === '6') return { ...a, value: 'SHORT' };
      if (q.systemNo === '12') return { ...a, value: 'not-an-email' };
      if (q.systemNo === '13') return { ...a, value: '555-0100' };
      if (q.systemNo === '10') return { ...a, value: 'R2-D2' };
      if (q.systemNo === '11') return { ...a, value: '' };
      if (q.systemNo === '5') return { ...a, value: { country: 'United States', street_address_1: '1 Main', city: 'X', state: 'Ohio', zip: '123' } };
      return a;
    });
    const res = await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: admin.token, body: { answers } });
    expect(res.status).toBe(400);
    const e = res.body.errors;
    expect(e[byNo('6').id]).toEqual([VALIDATION_MSG.ueiLength]);
    expect(e[byNo('12').id]).toEqual([VALIDATION_MSG.email]);
    expect(e[byNo('13').id]).toEqual([VALIDATION_MSG.phone]);
    expect(e[byNo('10').id]).toEqual([VALIDATION_MSG.name]);
    expect(e[byNo('11').id]).toEqual(['This field is required.']);
    expect(e[byNo('5').id]).toEqual(['Zip code must be 5 or 9 digits.']);
    const after = await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: admin.token });
    expect(after.body.questions.find((q: any) => q.systemNo === '6').answer).toBeNull();
  });

  it('saves a valid profile in one go, recorded in the history', async () => {
    const res = await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: admin.token, body: { answers: validProfile() } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile saved successfully');
    const saved = (await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: admin.token })).body.questions;
    expect(saved.find((q: any) => q.systemNo === '6').answer).toBe('ABCDEFGH1234');
    expect(saved.find((q: any) => q.systemNo === '5').answer).toMatchObject({ city: 'Lakeview', zip: '53703' });
    expect(saved.find((q: any) => q.systemNo === '13').answer).toBe('6085550100');
    // Read-only answers cannot be changed through a save.
    const tamper = await api.call(`/api/v1/organization/${lakeviewId}/profile`, {
      token: admin.token,
      body: { answers: [...validProfile(), { questionId: byNo('1').id, value: 'Someone Else Inc' }] },
    });
    expect(tamper.status).toBe(200);
    expect(tamper.body.questions.find((q: any) => q.systemNo === '1').answer).toBe('Lakeview Fiber Cooperative');
    const history = await api.call(`/api/v1/logged-actions/organization/${lakeviewId}?limit=5`, { token: admin.token });
    expect(history.body.loggedActions[0].action).toBe('PROFILE_SAVED');
  });

  it("'Not Applicable' with another programme is refused; bad ids are 400; another organization 404", async () => {
    const answers = validProfile().map((a) => (a.questionId === byNo('2.1').id ? { ...a, value: ['RDOF', 'Not Applicable'] } : a));
    const res = await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: admin.token, body: { answers } });
    expect(res.status).toBe(400);
    expect(res.body.errors[byNo('2.1').id]).toHaveLength(1);
    const foreign = await api.call(`/api/v1/organization/${lakeviewId}/profile`, {
      token: admin.token,
      body: { answers: [{ questionId: '00000000-0000-0000-0000-000000000000', value: 'x' }] },
    });
    expect(foreign.status).toBe(400);
    // org.admin is only staff at Summit: may read, not save.
    expect((await api.call(`/api/v1/organization/${summitId}/profile`, { token: admin.token, body: { answers: [] } })).status).toBe(403);
    const summit = await api.signIn('summit.admin@example.org');
    expect((await api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: summit.token, body: { answers: [] } })).status).toBe(404);
  });
});
