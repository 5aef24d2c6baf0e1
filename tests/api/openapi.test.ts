// The OpenAPI document as the API serves it (issue 44, decision 098): GET /api/v1/openapi.json needs no token, a
// standard validator accepts what is served, and real answers of a sample of routes (successes and refusals, as an
// organization admin, a state admin and anonymous) fit the schema the document gives for their status (Ajv, JSON
// Schema 2020-12 as OpenAPI 3.1 reads it). Runs on PGlite and on PostgreSQL.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let document: { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let ajv: Ajv2020;
let orgAdmin: { token: string; user: any };
let stateAdmin: { token: string; user: any };
let orgId: string;

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '1000', OTP_IP_LIMIT: '100000' });
  const served = await api.call('/api/v1/openapi.json');
  expect(served.status).toBe(200);
  document = served.body;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(document as object, 'openapi');
  orgAdmin = await api.signIn('org.admin@example.org');
  stateAdmin = await api.signIn('state.admin@example.gov');
  orgId = orgAdmin.user.organizations.find((o: { name: string }) => o.name === 'Lakeview Fiber Cooperative').id;
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The schema the document gives `method path` answering `status` (a shared error response followed to its schema). */
function documentedSchemaRef(method: string, path: string, status: number): string {
  const op = document.paths[path]?.[method];
  expect(op, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
  const response = op!.responses[String(status)] as { $ref?: string } | undefined;
  expect(response, `${method.toUpperCase()} ${path} documents ${status}`).toBeDefined();
  if (response!.$ref) return `openapi#${response!.$ref.slice(1)}/content/application~1json/schema`;
  return `openapi#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
}

/** Calls the route and checks the answer against its documented schema; the answer for further checks. */
async function check(method: string, path: string, url: string, init: { token?: string; body?: unknown } = {}) {
  const res = await api.call(`/api/v1${url}`, { method: method.toUpperCase(), ...init });
  const validate = ajv.getSchema(documentedSchemaRef(method, path, res.status)) ?? ajv.compile({ $ref: documentedSchemaRef(method, path, res.status) });
  const ok = validate(res.body);
  expect(ok, `${method.toUpperCase()} ${url} ${res.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 500)}`).toBe(true);
  return res;
}

describe('GET /api/v1/openapi.json', () => {
  it('is served without a token, as OpenAPI 3.1 a standard validator accepts', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(Object.keys(document.paths)).toContain('/users/{id}');
  });
});

describe('real answers fit their documented schemas', () => {
  it('the sign-in flow: a code sent, a refused address, a token and the person', async () => {
    expect((await check('post', '/send-login-otp', '/send-login-otp', { body: { email: 'org.staff@example.org' } })).status).toBe(200);
    const refused = await check('post', '/send-login-otp', '/send-login-otp', { body: { email: 'not an address' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.email).toBeDefined();
    const code = await api.latestCode('org.staff@example.org');
    const verified = await check('post', '/verify-otp', '/verify-otp', { body: { email: 'org.staff@example.org', otp: code } });
    expect(verified.status).toBe(200);
    expect(typeof verified.body.token).toBe('string');
    expect((await check('get', '/users/me', '/users/me', { token: verified.body.token })).status).toBe(200);
    expect((await check('get', '/logout', '/logout', { token: verified.body.token })).status).toBe(200);
    expect((await check('get', '/users/me', '/users/me', { token: verified.body.token })).status).toBe(401);
  });

  it('an organization admin\'s reads', async () => {
    const { token } = orgAdmin;
    expect((await check('get', '/users/me', '/users/me', { token })).body.roleType).toBe('org');
    expect((await check('get', '/account', '/account', { token })).status).toBe(200);
    expect((await check('get', '/program/all', '/program/all', { token })).body.length).toBeGreaterThan(0);
    const list = await check('get', '/organization/{orgId}/applications', `/organization/${orgId}/applications?page=1&limit=5`, { token });
    expect(list.body.applications.length).toBeGreaterThan(0);
    expect((await check('get', '/organization/{orgId}/application-counts', `/organization/${orgId}/application-counts`, { token })).status).toBe(200);
    expect((await check('get', '/users/organization/{orgId}/counts', `/users/organization/${orgId}/counts`, { token })).body.active).toBeGreaterThan(0);
    expect((await check('get', '/roles/organization', '/roles/organization', { token })).body.map((r: { name: string }) => r.name))
      .toEqual(['Organization_Admin', 'Organization_Staff']);
    const sections = await check('get', '/applications/{id}/sections-status', `/applications/${list.body.applications[0].applicationId}/sections-status`, { token });
    expect(sections.body.length).toBeGreaterThan(0);
  });

  it('a state admin\'s reads', async () => {
    const { token } = stateAdmin;
    expect((await check('get', '/users/me', '/users/me', { token })).body.roleType).toBe('state');
    expect((await check('get', '/roles/state', '/roles/state', { token })).body.length).toBe(7);
    const orgs = await check('get', '/organization/with-users', '/organization/with-users?page=1&limit=5', { token });
    expect(orgs.body.organizations.length).toBeGreaterThan(0);
  });

  it('refusals have the error shape the document gives: 400, 401, 403, 404', async () => {
    expect((await check('get', '/users/me', '/users/me')).status).toBe(401);
    expect((await check('get', '/organization/with-users', '/organization/with-users', { token: orgAdmin.token })).status).toBe(403);
    expect((await check('get', '/organization/{orgId}/applications', '/organization/00000000-0000-4000-8000-000000000000/applications', { token: orgAdmin.token })).status).toBe(404);
    const bad = await check('post', '/applications/create', `/applications/create?organizationId=${orgId}`, { token: orgAdmin.token, body: {} });
    expect(bad.status).toBe(400);
  });

  it('the check itself refuses an answer that does not fit (a profile without its id)', () => {
    const validate = ajv.getSchema(documentedSchemaRef('get', '/users/me', 200))!;
    expect(validate({ ...orgAdmin.user, id: undefined })).toBe(false);
    expect(validate({ ...orgAdmin.user, surprise: 1 })).toBe(false);
  });
});
