// The in-process transport (server/api-transport.ts) as the UI's callApi uses it, whatever TEST_TRANSPORT
// says: the dev outbox stays closed, uploads go through as multipart, errors map as over HTTP, and one UI
// request authenticates a token once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLoadContext } from '@remix-run/node';
import { startTestApi, type TestApi } from './harness';
import { multipartForm } from './fixtures';
import { apiTransportOf, createPortalApp } from '../../server/portal';
import { callApi, isApiFailure } from '../../app/utils/api.server';
import { PORTAL_MSG } from '../../domain/messages';
import { forgetProcessCaches } from '../../api/process-cache';

let api: TestApi;
let uiRequest: () => AppLoadContext;
let admin: { token: string; user: { organizations: { id: string; name: string }[] } };

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', DEV_OUTBOX: 'true' });
  const transport = apiTransportOf(createPortalApp({ env: api.env, database: api.database }));
  expect(transport.kind).toBe('in-process');
  // A fresh load context per UI request, as getLoadContext makes it.
  uiRequest = () => ({ api: transport, clientIp: '198.51.100.40', requestMethod: 'GET' }) as unknown as AppLoadContext;
  admin = await api.signIn('org.admin@example.org');
});
afterAll(async () => {
  await api?.close();
});

const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('did not fail'), (error: unknown) => error);

describe('the in-process transport', () => {
  it('never reads the dev outbox: the call is loopback but always relayed', async () => {
    const error = await failure(callApi(uiRequest(), '/dev/outbox', { query: { email: 'org.admin@example.org' } }));
    expect(isApiFailure(error) && error.status).toBe(404);
    const bare = await apiTransportOf(createPortalApp({ env: api.env, database: api.database })).send({
      method: 'GET', path: '/dev/outbox?email=org.admin%40example.org', headers: {},
    });
    expect(bare.status).toBe(404);
    // The same read over a socket from this machine is allowed (the harness's own outbox reader).
    expect((await api.call('/api/v1/dev/outbox?email=org.admin@example.org', { http: true })).status).toBe(200);
  });

  it('sends a FormData as multipart (uploads)', async () => {
    const context = uiRequest();
    const lakeview = admin.user.organizations.find((o) => o.name === 'Lakeview Fiber Cooperative')!;
    const programId = (await callApi<{ id: string }[]>(context, '/program/all', { token: admin.token }))[0]!.id;
    const sections = await callApi<{ id: string; slug: string }[]>(context, '/section/all', { token: admin.token });
    const form = multipartForm(
      { organizationId: lakeview.id, programId, sectionId: sections.find((s) => s.slug === 'technology')!.id, fileName: 'in-process.pdf' },
      { name: 'in-process.pdf', bytes: '%PDF-1.4\n%in-process\n', type: 'application/pdf' },
    );
    const uploaded = await callApi<{ document: { id: string; fileName: string } }>(context, '/documents/upload', { method: 'POST', token: admin.token, body: form });
    expect(uploaded.document.fileName).toBe('in-process.pdf');
    const read = await callApi<{ document: { fileName: string } }>(uiRequest(), `/documents/${uploaded.document.id}`, { token: admin.token, query: { organizationId: lakeview.id } });
    expect(read.document.fileName).toBe('in-process.pdf');
  });

  it("maps errors as over HTTP: status, the API's message and field errors", async () => {
    const signedOut = await failure(callApi(uiRequest(), '/users/me', { token: 'not-a-token' }));
    expect(isApiFailure(signedOut) && [signedOut.status, signedOut.message]).toEqual([401, PORTAL_MSG.notSignedIn]);
    const invalid = await failure(callApi(uiRequest(), '/send-login-otp', { method: 'POST', body: { email: 'not an email' } }));
    expect(isApiFailure(invalid) && invalid.status).toBe(400);
    expect(isApiFailure(invalid) && Object.keys(invalid.errors ?? {})).toContain('email');
  });

  it('authenticates a token once per UI request, and not past its logout', async () => {
    const { token } = await api.signIn('org.staff@example.org');
    const lookups = (statements: string[]) => statements.filter((s) => /from "api_tokens"/i.test(s) && /token_hash/i.test(s)).length;

    const context = uiRequest();
    const recording = api.database.statements.record();
    await callApi(context, '/users/me', { token });
    await callApi(context, '/messages/unread/count', { token });
    await callApi(context, '/program/all', { token });
    expect(lookups(recording.stop())).toBe(1);

    // The next UI request, within PROCESS_CACHE_TTL_MS, uses the token this process verified: /users/me runs no
    // statement at all (decision 048).
    const warm = api.database.statements.record();
    await callApi(uiRequest(), '/users/me', { token });
    const kept = warm.stop();
    expect(kept, kept.join('\n\n')).toHaveLength(0);

    // Once forgotten (what every write through the API does when it has answered: verified-tokens.test), the token
    // is looked up again: /users/me is that one statement (its last use was recorded less than a minute ago, so
    // nothing is written).
    forgetProcessCaches();
    const next = api.database.statements.record();
    await callApi(uiRequest(), '/users/me', { token });
    const me = next.stop();
    expect(lookups(me)).toBe(1);
    expect(me, me.join('\n\n')).toHaveLength(1);

    await callApi(context, '/logout', { token });
    const after = await failure(callApi(context, '/users/me', { token }));
    expect(isApiFailure(after) && after.status).toBe(401);
  });
});
