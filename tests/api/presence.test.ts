// Presence on an application's form (issue 43 part 3, decision 101): POST applications/{id}/presence is the form's
// heartbeat and answers who else has the application open, with their section; DELETE is leaving. Expected names are
// the demo seed's (api/seed: Olivia Admin is Lakeview's Organization_Admin, Oscar Staff its Organization_Staff, Sam
// Summit Summit's admin), written by hand. Runs on PGlite and PostgreSQL, over HTTP and in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let olivia: string;
let oscar: string;
let sam: string;
let state: string;
/** Two sections of GA-LKV002's form, by name. */
let sectionA: { id: string; name: string };
let sectionB: { id: string; name: string };
const APP = 'GA-LKV002';

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', OTP_IP_LIMIT: '2000' });
  olivia = (await api.signIn('org.admin@example.org')).token;
  oscar = (await api.signIn('org.staff@example.org')).token;
  sam = (await api.signIn('summit.admin@example.org')).token;
  state = (await api.signIn('state.admin@example.gov')).token;
  const sections = await api.call<{ sectionId: string; name: string; isEntityProfile?: boolean }[]>(`/api/v1/applications/${APP}/sections-status`, { token: olivia });
  expect(sections.status).toBe(200);
  const named = sections.body.map((s: any) => ({ id: s.sectionId ?? s.id, name: s.name ?? s.sectionName }));
  [sectionA, sectionB] = [named[1]!, named[2]!];
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const beat = (token: string, sectionId: string, editing = true, app = APP) =>
  api.call(`/api/v1/applications/${app}/presence`, { token, body: { sectionId, editing } });

describe('presence', () => {
  it('answers nobody when nobody else is there, then each person with their section, never the caller', async () => {
    const first = await beat(olivia, sectionA.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ others: [] });

    const second = await beat(oscar, sectionB.id, true);
    expect(second.status).toBe(200);
    // Olivia may change the application: editing. Oscar is staff: shown as viewing even though his page asked for editing.
    expect(second.body).toEqual({ others: [{ name: 'Olivia Admin', sectionName: sectionA.name, editing: true }] });
    const again = await beat(olivia, sectionA.id);
    expect(again.body).toEqual({ others: [{ name: 'Oscar Staff', sectionName: sectionB.name, editing: false }] });
  });

  it('forgets a person once they leave, and once their last beat is older than the window', async () => {
    expect((await beat(oscar, sectionB.id)).body.others).toHaveLength(1);
    const left = await api.call(`/api/v1/applications/${APP}/presence`, { token: olivia, method: 'DELETE' });
    expect(left.status).toBe(204);
    expect((await beat(oscar, sectionB.id)).body).toEqual({ others: [] });

    await beat(olivia, sectionA.id);
    expect((await beat(oscar, sectionB.id)).body.others).toHaveLength(1);
    // Olivia's last beat a minute ago: past the 45-second window.
    await api.database.db.execute(sql`update presence set seen_at = now() - interval '60 seconds' where application_id = ${APP} and section_id = ${sectionA.id}`);
    expect((await beat(oscar, sectionB.id)).body).toEqual({ others: [] });
  });

  it('is for the application\'s organization only: another organization gets 404, the state 403, a foreign section 404', async () => {
    expect((await beat(sam, sectionA.id)).status).toBe(404);
    expect((await beat(state, sectionA.id)).status).toBe(403);
    expect((await beat(olivia, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.call(`/api/v1/applications/${APP}/presence`, { token: olivia, body: { sectionId: 'not-a-uuid' } })).status).toBe(400);
    expect((await api.call(`/api/v1/applications/${APP}/presence`, { body: { sectionId: sectionA.id } })).status).toBe(401);
  });
});
