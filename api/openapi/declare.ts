// What a route says about itself for the OpenAPI document (issue 44, decision 098). Every route of /api/v1 is
// declared in its router with `doc({...})` among its handlers, next to the guards that already carry their own
// declarations (requireUser: the bearer; the access middlewares: `access`). The document (api/openapi/document.ts)
// is built by walking the routers themselves, so a route and its description cannot part: a route without `doc`
// is missing from the document, and tests/api/openapi.test.ts fails.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';

/** A response body that is not JSON: a file, an export, a PDF. */
export interface FileBody {
  /** The media type, e.g. 'application/pdf'; '*\/*' for a stored file of any type. */
  file: string;
}

export interface RouteDoc {
  /** One line: what the route does, for a person reading the document. */
  summary: string;
  /** Longer notes (who may call it, what it refuses), Markdown as OpenAPI reads it. */
  description?: string;
  /** The query string the route parses (the very schema it hands parseInput). */
  query?: z.ZodType;
  /** The JSON body the route parses (the very schema it hands parseInput). */
  body?: z.ZodType;
  /** A multipart/form-data body (uploads): its fields, the file field marked as binary. */
  multipart?: { fields: Readonly<Record<string, 'string' | 'binary'>>; required?: readonly string[] };
  /** The success answer's status (200 unless said). */
  status?: 200 | 201 | 202 | 204 | 302;
  /** The success answer's body: a schema, a file, or nothing said beyond "a JSON object". */
  ok?: z.ZodType | FileBody;
  /** Refusals the route itself gives beyond those every route of its kind has (api/openapi/document.ts). */
  errors?: number[];
  /** Takes no bearer token (sign-in, sign-up, the document itself). */
  public?: boolean;
  /** Reads the bearer token itself rather than through requireUser (held answers take a token that just idled out). */
  token?: boolean;
}

export type DocMiddleware = RequestHandler & { doc: RouteDoc };

/** The route's declaration, as a middleware that does nothing but carry it. */
export function doc(declaration: RouteDoc): DocMiddleware {
  const middleware = (_req: Request, _res: Response, next: NextFunction) => next();
  return Object.assign(middleware, { doc: declaration });
}

export function docOf(handlers: readonly unknown[]): RouteDoc | undefined {
  for (const h of handlers) {
    const found = (h as { doc?: RouteDoc }).doc;
    if (found) return found;
  }
  return undefined;
}

/** `?organizationId=`: the organization a route acts for when its id is in the query (organizationRoute's `query`). */
export const OrganizationIdQuery = z.object({ organizationId: z.string().uuid() });
