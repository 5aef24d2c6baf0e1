// The one place that decides what a person sees when the API says no (decision 015). Loaders and actions
// call the typed clients in app/api/ and hand any failure here; no route has its own copy of this mapping.
//   401 → the session has ended (callApi already retried once): sign out, "Please sign in to continue."; a
//         Save's typed answers are held first, as when the guard finds the session ended
//   403 → a refused write or read: the person stays signed in, on the same screen, with the API's message
//         (decision 095; a 403 is not a lost session). The one 403 that ends a session is the API's answer for
//         an account switched off (spec 4: the inactive message, then logout): its token is already ended
//   404 → the not-found page (loaders); an action gets the API's message back
//   409 → a message on the form, or a toast where the action redirects; a stale save's 409 also carries the
//         current values (editConflict) for the conflict panel (decision 099)
//   400 / 422 with field errors → errors tied to the fields, everything typed kept
//   503 → the outage page with the API's words (loaders); an action keeps the form and shows them
//   other 5xx → the caller's own fallback message, never the API's internals
import { data, type AppLoadContext } from '@remix-run/node';
import { isApiFailure } from './api.server';
import { logout, signedOutDuring } from './auth.server';
import { redirectWithToast } from './session.server';
import { MSG } from '../../domain/messages';
import type { EditConflict } from '../../domain/edit-conflicts';

export type ApiErrorKind = 'signed-out' | 'account-off' | 'forbidden' | 'not-found' | 'conflict' | 'invalid' | 'unavailable' | 'failed';

export interface ApiErrorView {
  kind: ApiErrorKind;
  /** The status a page answers with (the API's, or 500 for a failure the API did not explain). */
  status: number;
  /** What the person reads: the API's words, or the fallback when the API failed without them. */
  message: string;
  /** Field name → its messages (400/422), without the form-level `_` entry. */
  fieldErrors: Record<string, string[]>;
  /** A stale save (409): the values as saved now, who saved them and when (decision 099). */
  editConflict: EditConflict | null;
}

const KINDS: Record<number, ApiErrorKind> = { 400: 'invalid', 401: 'signed-out', 403: 'forbidden', 404: 'not-found', 409: 'conflict', 422: 'invalid', 503: 'unavailable' };

/** Pure: what an API failure means to the person. Anything that is not an API failure is not ours to explain: it is thrown on. */
export function describeApiError(error: unknown, fallback: string = MSG.somethingWentWrong): ApiErrorView {
  if (!isApiFailure(error)) throw error;
  // The account switched off: the API ended the token and says why (spec 4); every other 403 refuses one call only.
  const kind = error.status === 403 && error.message === MSG.inactiveAccount ? 'account-off' : (KINDS[error.status] ?? 'failed');
  const fieldErrors = Object.fromEntries(Object.entries(error.errors ?? {}).filter(([field, messages]) => field !== '_' && messages.length > 0));
  // A 5xx other than the outage carries nothing the person can act on.
  const message = kind === 'failed' && error.status >= 500 ? fallback : error.message || fallback;
  return { kind, status: kind === 'failed' && error.status < 400 ? 500 : error.status, message, fieldErrors, editConflict: error.editConflict };
}

export interface ApiCaller {
  request: Request;
  context: AppLoadContext;
}

/**
 * A 401 (already retried once) and the switched-off account's 403 end the session whatever the page was doing: the
 * Response to throw, or null. Any other 403 keeps the session (decision 095): the caller shows its message.
 */
async function endedSession(view: ApiErrorView, { request, context }: ApiCaller): Promise<Response | null> {
  // A Save's typed answers are held first (the form's guard asked for it), as when the guard finds the session ended.
  if (view.kind === 'signed-out') return signedOutDuring(request, context);
  if (view.kind === 'account-off') return logout(request, context, { type: 'error', title: view.message });
  return null;
}

export interface PageErrorOptions {
  /** The not-found page's words (a 404 from the API). */
  notFound?: string;
}

/** Loaders: throws what the page shows instead (sign-out, not-found page, outage page, error page; a 403 is the error page, signed in). */
export async function throwPageError(error: unknown, caller: ApiCaller, { notFound }: PageErrorOptions = {}): Promise<never> {
  const view = describeApiError(error);
  const ended = await endedSession(view, caller);
  if (ended) throw ended;
  if (view.kind === 'not-found') throw data(notFound ?? view.message, { status: 404 });
  if (view.kind === 'unavailable') throw data(view.message, { status: 503, headers: { 'Retry-After': '60' } });
  throw data(view.message, { status: view.status });
}

/** Loaders: the API's answer, or the page its failure means. */
export async function readOrFail<T>(caller: ApiCaller, read: Promise<T>, options?: PageErrorOptions): Promise<T> {
  try {
    return await read;
  } catch (error) {
    return throwPageError(error, caller, options);
  }
}

/**
 * readOrFail for a part of a page the caller may not be allowed to read (a 403 from the API): null instead of an
 * error page, so the page shows without that part; every other failure is the page's error as readOrFail makes it.
 */
export function readUnlessForbidden<T>(caller: ApiCaller, read: Promise<T>): Promise<T | null> {
  return readOrFail(caller, read.catch((error: unknown) => (describeApiError(error).kind === 'forbidden' ? null : Promise.reject(error))));
}

export interface FormFailure extends ApiErrorView {
  /** Field name → its first message, the shape the portal's question forms show. */
  fields: Record<string, string>;
}

/**
 * Actions: a 401 (and the switched-off account's 403) is thrown (sign-out); every other failure, a 403 among them,
 * comes back for the form to show with what was typed (a message, field errors, the API's status).
 */
export async function formFailure(error: unknown, caller: ApiCaller, fallback?: string): Promise<FormFailure> {
  const view = describeApiError(error, fallback);
  const ended = await endedSession(view, caller);
  if (ended) throw ended;
  const fields = Object.fromEntries(Object.entries(view.fieldErrors).map(([field, messages]) => [field, messages[0]!]));
  return { ...view, fields };
}

/** Actions that redirect (list row actions): a failure (from formFailure) as an error toast on the page they go back to. */
export function toastFailure(failure: FormFailure, caller: ApiCaller, back: string): Promise<Response> {
  return redirectWithToast(back, caller.context, { type: 'error', title: failure.message });
}

/** Conform forms: the failure as the submission's reply, field errors tied to their fields. */
export function conformReply<Reply>(
  submission: { reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => Reply },
  failure: FormFailure,
): Reply {
  const fieldErrors = Object.keys(failure.fieldErrors).length > 0 ? failure.fieldErrors : undefined;
  return submission.reply({ formErrors: [failure.message], fieldErrors });
}
