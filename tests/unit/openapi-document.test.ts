// The OpenAPI 3.1 document of /api/v1 (issue 44, decision 098): every route the routers hold is in it with its
// method, path and parameters, nothing is in it that the routers do not hold, and a standard validator
// (@apidevtools/swagger-parser) accepts it. The expected answers of single routes are written by hand from the spec
// (section 7) and api/routes/auth.ts's sign-in flow.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { createApi, type ApiContext } from '../../api';
import { buildOpenApi } from '../../api/openapi/document';
import { apiRoutes, declared } from '../../api/openapi/registry';
import express, { Router, type RequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import { providerRoutes } from '../support/api-routes';

const inert: unknown = new Proxy(function inert() {}, { get: (_t, p) => (p === 'then' ? undefined : inert), apply: () => inert });

type Operation = { parameters: { name: string; in: string; required: boolean }[]; responses: Record<string, unknown>; security: unknown[]; requestBody?: { content: Record<string, { schema: unknown }> }; summary: string };
const { document, undocumented } = buildOpenApi(createApi({ db: inert, log: () => undefined } as unknown as ApiContext));
const paths = document.paths as Record<string, Record<string, Operation>>;
const operations = Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, op })));
const toOpenApi = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document covers the routers, route for route', () => {
  const routes = providerRoutes();
  // The first route Express matches for a method and path answers; a later duplicate is never reached.
  const routeKeys = [...new Set(routes.map((r) => `${r.method} ${toOpenApi(r.path)}`))];

  it('every route declares itself (doc) and is in the document with its method and path', () => {
    expect(undocumented).toEqual([]);
    const missing = routeKeys.filter((key) => !operations.some((o) => o.key === key));
    expect(missing).toEqual([]);
  });

  it('documents no method or path the routers do not have', () => {
    const extra = operations.map((o) => o.key).filter((key) => !routeKeys.includes(key));
    expect(extra).toEqual([]);
  });

  it('has the routes written here by hand from the spec', () => {
    const keys = operations.map((o) => o.key);
    for (const key of ['POST /send-login-otp', 'POST /verify-otp', 'GET /users/me', 'GET /logout', 'POST /organization/signup',
      'GET /organization/{orgId}/applications', 'POST /applications/{id}/sections/{sectionId}/answers', 'POST /applications/{id}/submit',
      'GET /documents/download/{id}', 'POST /review/applications/{id}/mark-as-passed-gating', 'GET /openapi.json']) {
      expect(keys).toContain(key);
    }
    // 128 routes of the routers as issue 44 found them, and the document's own.
    expect(operations.length).toBeGreaterThanOrEqual(129);
  });

  it('names every path parameter, each required', () => {
    for (const { key, path, op } of operations) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const inPath = op.parameters.filter((p) => p.in === 'path');
      expect(inPath.map((p) => p.name), key).toEqual(names);
      expect(inPath.every((p) => p.required), key).toBe(true);
    }
  });

  it('gives every route a success answer, the error shape for each refusal, and the database outage', () => {
    for (const { key, op } of operations) {
      const statuses = Object.keys(op.responses).map(Number);
      expect(statuses.filter((s) => s >= 200 && s < 400).length, key).toBe(1);
      expect(statuses, key).toContain(400);
      expect(statuses, key).toContain(503);
      for (const s of statuses.filter((n) => n >= 400)) expect(op.responses[String(s)], `${key} ${s}`).toEqual({ $ref: `#/components/responses/Error${s}` });
    }
    const errorSchema = (document.components as { schemas: Record<string, { properties: object; required: string[] }> }).schemas.Error!;
    expect(Object.keys(errorSchema.properties).sort()).toEqual(['errors', 'message']);
    expect(errorSchema.required).toEqual(['message']);
  });
});

describe('single routes say what the spec says of them', () => {
  const op = (method: string, path: string) => paths[path]![method]!;

  it('the sign-in flow takes no token; everything past it takes the bearer', () => {
    expect((document.components as { securitySchemes: object }).securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(op('post', '/send-login-otp').security).toEqual([]);
    expect(op('post', '/verify-otp').security).toEqual([]);
    expect(op('post', '/organization/signup').security).toEqual([]);
    expect(op('get', '/users/me').security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op('get', '/users/me').responses)).toContain('401');
    expect(Object.keys(op('post', '/send-login-otp').responses)).not.toContain('401');
    // Every write is refused with 403 when it comes from another site (server/edge.ts), signed in or not.
    expect(Object.keys(op('post', '/send-login-otp').responses)).toContain('403');
  });

  it('POST send-login-otp: {email}, 200 or 429 past the limit', () => {
    const send = op('post', '/send-login-otp');
    const schema = send.requestBody!.content['application/json']!.schema as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['email']);
    expect(schema.required).toEqual(['email']);
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(['200', '429']));
  });

  it('POST verify-otp: {email, otp} answers the token and the user', () => {
    const verify = op('post', '/verify-otp');
    const body = verify.requestBody!.content['application/json']!.schema as { properties: object };
    expect(Object.keys(body.properties).sort()).toEqual(['email', 'otp']);
    expect(verify.responses['200']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/SignedIn' } } } });
    const signedIn = (document.components as { schemas: Record<string, { required: string[] }> }).schemas.SignedIn!;
    expect(signedIn.required.sort()).toEqual(['token', 'user']);
  });

  it('sign-up answers 201, deleting held answers 204, a list takes page and limit in the query', () => {
    expect(Object.keys(op('post', '/organization/signup').responses)).toContain('201');
    expect(Object.keys(op('delete', '/held-submissions').responses)).toContain('204');
    const list = op('get', '/organization/{orgId}/applications').parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect(list).toEqual(expect.arrayContaining(['page', 'limit', 'status', 'startDate', 'endDate']));
  });

  it('a signed download link takes no token and answers the file', () => {
    const download = op('get', '/documents/download/{id}');
    expect(download.security).toEqual([]);
    expect(download.responses['200']).toMatchObject({ content: { '*/*': {} } });
  });
});

describe('a standard validator accepts the document', () => {
  it('is valid OpenAPI 3.1 (@apidevtools/swagger-parser)', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('the validator refuses a broken copy (a parameter in a place OpenAPI 3 does not have)', async () => {
    const broken = structuredClone(document) as { paths: Record<string, Record<string, Operation>> };
    broken.paths['/users/{id}']!.patch!.parameters[0]!.in = 'body';
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });
});

describe('the route registry is our own record (declared), not Express\'s internals', () => {
  const named = (name: string): RequestHandler => Object.defineProperty(((_req, res) => { res.json({ name }); }) as RequestHandler, 'name', { value: name });
  const guard: RequestHandler = (_req, _res, next) => next();

  function build() {
    const child = declared(Router());
    child.get('/a/:id', guard, named('child-a'));
    child.delete('/', named('child-root'));
    const parent = declared(Router());
    parent.use(express.json());
    parent.get('/x', named('x'));
    parent.use('/pre', child);
    parent.post('/y', named('y'));
    return parent;
  }

  it('lists routes in the order registered, a sub-router in place under its prefix, with their handlers', () => {
    const routes = apiRoutes(build().router);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /x', 'GET /pre/a/:id', 'DELETE /pre', 'POST /y']);
    expect(routes[1]!.handlers[0]).toBe(guard);
    expect(routes[1]!.handlers.map((h) => h.name)).toEqual(['guard', 'child-a']);
  });

  it('registers each route with Express too (it answers where it is recorded)', async () => {
    const app = express();
    app.use('/api', build().router);
    const server = app.listen(0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
      expect(await (await fetch(`${base}/pre/a/7`)).json()).toEqual({ name: 'child-a' });
      expect(await (await fetch(`${base}/pre`, { method: 'DELETE' })).json()).toEqual({ name: 'child-root' });
      expect(await (await fetch(`${base}/y`, { method: 'POST' })).json()).toEqual({ name: 'y' });
    } finally {
      server.close();
    }
  });

  it('refuses a router that was not declared rather than answering nothing', () => {
    expect(() => apiRoutes(Router())).toThrow(/declared/);
  });
});
