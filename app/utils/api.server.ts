// The one typed client of the /api/v1 provider: adds the bearer token, maps errors, handles 401/403.
import type { AppLoadContext } from '@remix-run/node';
import { MSG } from '../../domain/messages';

export class ApiFailure extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; a FormData is sent as multipart instead (uploads). */
  body?: unknown;
  token?: string | null;
  query?: Record<string, string | number | undefined | null>;
}

export async function callApi<T>(context: AppLoadContext, path: string, req: ApiRequest = {}): Promise<T> {
  const url = new URL(context.portal.apiBaseUrl + (path.startsWith('/') ? path : `/${path}`));
  for (const [key, value] of Object.entries(req.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = req.body instanceof FormData;
  if (req.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (req.token) headers.Authorization = `Bearer ${req.token}`;
  if (context.clientIp) headers['X-Forwarded-For'] = context.clientIp;

  const send = () =>
    fetch(url, { method: req.method ?? 'GET', headers, body: req.body === undefined ? undefined : multipart ? (req.body as FormData) : JSON.stringify(req.body) });
  let response: Response;
  try {
    response = await send();
    // Spec: a 401 gets one retry before the session is given up.
    if (response.status === 401 && req.token) response = await send();
  } catch {
    throw new ApiFailure(503, MSG.somethingWentWrong);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const payload = (body ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
    const message = typeof payload.message === 'string' && payload.message ? payload.message : MSG.somethingWentWrong;
    throw new ApiFailure(response.status, message, payload.errors);
  }
  return body as T;
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}
