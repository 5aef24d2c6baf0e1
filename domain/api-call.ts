// The contract between the UI's one API client (app/utils/api.server.ts) and the transport the server hands it in the
// load context (server/api-transport.ts: in this process, or over HTTP). Types and one helper only, so the UI's build
// and the server's import the same module and nothing of each other (issue 42).
import type { Readable } from 'node:stream';

export interface ApiCall {
  method: string;
  /** The address under /api/v1, with its query: '/users/me', '/applications?page=2'. */
  path: string;
  headers: Record<string, string>;
  /** JSON or other text as sent; a FormData is sent as multipart (uploads). */
  body?: string | FormData;
  /**
   * Identities verified earlier in the same UI request, by token (in-process only): a call with one of
   * these tokens is not authenticated again, and a call that authenticates a token adds it here.
   */
  verified?: Map<string, unknown>;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** An answer whose body is read as it comes (the exports: XLSX, ZIP), never held whole. */
export interface ApiStreamAnswer {
  status: number;
  headers: Record<string, string>;
  body: Readable;
}

export interface ApiTransport {
  readonly kind: 'in-process' | 'http';
  send(call: ApiCall): Promise<ApiAnswer>;
  /** A GET whose answer is streamed (with backpressure: the API writes as fast as the body is read). */
  stream(call: Omit<ApiCall, 'body' | 'verified'>): Promise<ApiStreamAnswer>;
}

/** A copy of an answer for another caller (with `status` when given). */
export function copyOfAnswer(answer: ApiAnswer, status = answer.status): ApiAnswer {
  return { status, headers: { ...answer.headers }, text: answer.text };
}
