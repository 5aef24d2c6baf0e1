// The OpenAPI 3.1 document of /api/v1 (issue 44, decision 098), built from the route registry (the routers
// themselves, api/openapi/registry.ts) and each route's declaration (`doc`, api/openapi/declare.ts) with zod 4's own
// JSON Schema output (z.toJSONSchema: OpenAPI 3.1 schemas are JSON Schema 2020-12). The request schemas are the ones
// the routes hand parseInput; the response schemas the ones the UI's typed clients take their types from
// (domain/api-schemas.ts). Nothing here is written per route.
import type { Router } from 'express';
import { z } from 'zod';
import { apiRoutes, openApiPath, pathParams, type ApiRoute } from './registry';
import { docOf, type RouteDoc } from './declare';
import { ApiErrorSchema } from '../../domain/api-schemas';

type Json = Record<string, unknown>;

export const OPENAPI_VERSION = '3.1.0';

/** What every status means when a route gives it (the error shape is the same for all: components.schemas.Error). */
export const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: a code was sent to confirm it',
  204: 'No content',
  302: 'Redirect to the file',
  400: 'The input does not fit (malformed characters or JSON, or a field refused: `errors` says which)',
  401: 'No bearer token, or one that is expired or revoked: sign in again',
  403: 'The caller may not do this (their role, a read-only role writing, or the record\'s state)',
  404: 'No such record, or one the caller may not see',
  409: 'The record\'s state does not allow it (already so, changed by someone else, or a rule not met)',
  410: 'Gone: the link or the held item has expired',
  413: 'The request is too large',
  415: 'The body is not of a type this route takes',
  416: 'The range asked for is outside the file',
  422: 'The content was refused',
  429: 'Too many requests: wait and try again',
  500: 'Something went wrong on the server',
  503: 'The portal cannot reach its database right now: retry after the Retry-After header',
};

/** The guards a route carries: requireUser (`bearer`), an access middleware (`access`). */
function guardsOf(route: ApiRoute): { bearer: boolean; access: boolean } {
  return {
    bearer: route.handlers.some((h) => (h as { bearer?: boolean }).bearer === true) || docOf(route.handlers)?.token === true,
    access: route.handlers.some((h) => (h as { access?: unknown }).access !== undefined),
  };
}

const isWrite = (method: string) => method !== 'GET';

/**
 * Every status a route can answer: its success, what every route can answer (400 malformed input, refused before any
 * route; 500; 503 when the database is away), what its guards give (401 the bearer; 403 a cross-site write or a read-only
 * role writing; 403/404 the access check), 404 for a record named in the path, 413/415 for a write's body, and its own `errors`.
 */
export function statusesOf(route: ApiRoute, d: RouteDoc): number[] {
  const { bearer, access } = guardsOf(route);
  const set = new Set<number>([d.status ?? 200, 400, 500, 503]);
  if (bearer) set.add(401);
  // A write is refused at the edge when it comes from another site (server/edge.ts), and with the read-only role's token.
  if (isWrite(route.method)) set.add(403);
  if (access) { set.add(403); set.add(404); }
  if (pathParams(route.path).length) set.add(404);
  // express.json reads a body of any write before routing: too large (413), or in a charset it cannot read (415).
  if (isWrite(route.method)) { set.add(413); set.add(415); }
  for (const s of d.errors ?? []) set.add(s);
  return [...set].sort((a, b) => a - b);
}

/** The schemas named with .meta({ id }) land in components.schemas; each use is a $ref. */
class Components {
  readonly schemas: Record<string, Json> = {};

  schema(zod: z.ZodType, io: 'input' | 'output'): Json {
    const suffix = io === 'input' ? 'Input' : '';
    const raw = JSON.stringify(z.toJSONSchema(zod, { io, unrepresentable: 'any' }));
    const json = JSON.parse(raw.replace(/"#\/\$defs\/([^"]+)"/g, (_, id: string) => `"#/components/schemas/${id}${suffix}"`)) as Json;
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    for (const [id, def] of Object.entries(defs)) this.schemas[`${id}${suffix}`] = def;
    delete json.$defs;
    delete json.$schema;
    return json;
  }
}

function queryParameters(components: Components, query: z.ZodType): Json[] {
  const json = components.schema(query, 'input');
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

function operation(route: ApiRoute, d: RouteDoc, components: Components): Json {
  const { bearer } = guardsOf(route);
  const parameters: Json[] = pathParams(route.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (d.query) parameters.push(...queryParameters(components, d.query));

  const responses: Record<string, Json> = {};
  const success = d.status ?? 200;
  for (const status of statusesOf(route, d)) {
    if (status === success) {
      const ok = d.ok;
      const content = !ok
        ? { 'application/json': { schema: { type: 'object' } } }
        : 'file' in ok
          ? { [ok.file]: { schema: { type: 'string', contentMediaType: ok.file } } }
          : { 'application/json': { schema: components.schema(ok, 'output') } };
      responses[String(status)] = status === 204 || status === 302 ? { description: STATUS_TEXT[status] } : { description: STATUS_TEXT[status], content };
    } else {
      responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
    }
  }

  const op: Json = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: d.summary,
    tags: [tagOf(route.path)],
    parameters,
    responses,
    security: bearer ? [{ bearer: [] }] : [],
  };
  if (d.description) op.description = d.description;
  if (d.body) op.requestBody = { required: true, content: { 'application/json': { schema: components.schema(d.body, 'input') } } };
  if (d.multipart) {
    const properties = Object.fromEntries(Object.entries(d.multipart.fields).map(([name, kind]) => [name, kind === 'binary' ? { type: 'string', contentMediaType: 'application/octet-stream' } : { type: 'string' }]));
    op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required: [...(d.multipart.required ?? [])] } } } };
  }
  return op;
}

/** The first segment names the part of the API ('review', 'applications', 'documents'…). */
function tagOf(path: string): string {
  return path.split('/').filter(Boolean)[0] ?? 'api';
}

export interface UndocumentedRoute { method: string; path: string }

/** The document, and the routes that carry no declaration (left out of it: the coverage test names them). */
export function buildOpenApi(router: Router, opts: { version?: string } = {}): { document: Json; undocumented: UndocumentedRoute[] } {
  const components = new Components();
  const errorRef = components.schema(ApiErrorSchema, 'output');
  const paths: Record<string, Record<string, Json>> = {};
  const undocumented: UndocumentedRoute[] = [];
  const used = new Set<number>();
  for (const route of apiRoutes(router)) {
    const d = docOf(route.handlers);
    if (!d) { undocumented.push({ method: route.method, path: route.path }); continue; }
    const op = operation(route, d, components);
    for (const s of statusesOf(route, d)) if (s !== (d.status ?? 200)) used.add(s);
    const at = (paths[openApiPath(route.path)] ??= {});
    // The first route Express matches answers: a later one with the same method and path is never reached.
    at[route.method.toLowerCase()] ??= op;
  }
  const responses = Object.fromEntries([...used].sort((a, b) => a - b).map((s) => [`Error${s}`, {
    description: STATUS_TEXT[s] ?? `HTTP ${s}`,
    content: { 'application/json': { schema: errorRef } },
  }]));
  const tags = [...new Set(Object.keys(paths).map(tagOf))].sort().map((name) => ({ name }));
  const document: Json = {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Broadband Grants Portal API',
      version: opts.version ?? '1',
      description: 'The /api/v1 provider of the grant portal. Sign in with an emailed code: POST /send-login-otp {email}, then POST /verify-otp {email, otp} answers a `token`; send it as `Authorization: Bearer <token>`. Every refusal is a JSON object `{message, errors?}`.',
    },
    servers: [{ url: '/api/v1' }],
    tags,
    paths,
    components: {
      schemas: components.schemas,
      responses,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token POST /verify-otp answers (valid until it idles out or is signed out).' } },
    },
  };
  return { document, undocumented };
}
