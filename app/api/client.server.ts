// The base of the typed clients (decision 015): who is calling (the request's context and the session's
// bearer token) and the four verbs over callApi, the one transport (embedded or over HTTP).
import type { AppLoadContext } from '@remix-run/node';
import { callApi } from '../utils/api.server';

export interface ApiSession {
  context: AppLoadContext;
  /** The session's bearer token; null for the calls made before signing in (sign-up). */
  token: string | null;
}

export function apiSession(context: AppLoadContext, user: { token: string } | null): ApiSession {
  return { context, token: user?.token ?? null };
}

type Query = Record<string, string | number | undefined | null>;

export const get = <T>(api: ApiSession, path: string, query?: Query) => callApi<T>(api.context, path, { token: api.token, query });

export const post = <T = unknown>(api: ApiSession, path: string, body?: unknown, query?: Query) =>
  callApi<T>(api.context, path, { method: 'POST', token: api.token, body, query });

export const put = <T = unknown>(api: ApiSession, path: string, body?: unknown) => callApi<T>(api.context, path, { method: 'PUT', token: api.token, body });

export const patch = <T = unknown>(api: ApiSession, path: string, body?: unknown) => callApi<T>(api.context, path, { method: 'PATCH', token: api.token, body });

export const del = <T = unknown>(api: ApiSession, path: string) => callApi<T>(api.context, path, { method: 'DELETE', token: api.token });

/** One path segment from user input (an id from the URL). */
export const seg = (value: string) => encodeURIComponent(value);
