// The one mapping from API failures to what the person sees (app/utils/api-errors.server.ts, decision 015).
import { describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from '@remix-run/node';

// Signing out is the guard's (auth.server); here it records the toast it was asked to show.
vi.mock('../../app/utils/auth.server', () => {
  const logout = vi.fn(async (_request: Request, _context: unknown, toast?: { title: string }) =>
    new Response(null, { status: 302, headers: { Location: '/org/login', 'X-Toast': toast?.title ?? '' } }),
  );
  // A 401 goes through signedOutDuring (which holds a Save's answers first, tested through a real page in
  // tests/api/session-end-page.test.ts); here it signs out like the real one does for a page.
  const signedOutDuring = vi.fn((request: Request, context: unknown) => logout(request, context, { title: 'Please sign in to continue.' }));
  return { logout, signedOutDuring };
});
vi.mock('../../app/utils/session.server', () => ({
  redirectWithToast: vi.fn(async (url: string, _context: unknown, toast: { title: string }) =>
    new Response(null, { status: 302, headers: { Location: url, 'X-Toast': toast.title } }),
  ),
}));

const { ApiFailure, callApi } = await import('../../app/utils/api.server');
const { conformReply, describeApiError, formFailure, readOrFail, throwPageError, toastFailure } = await import('../../app/utils/api-errors.server');
const { MSG, PORTAL_MSG } = await import('../../domain/messages');

const caller = { request: new Request('http://portal.test/org/applications'), context: {} as AppLoadContext };
const thrown = async (promise: Promise<unknown>) => promise.then(() => expect.fail('did not throw'), (error: unknown) => error);
const asData = (value: unknown) => value as { data: unknown; init: { status: number; headers?: Record<string, string> } };

describe('describeApiError', () => {
  it('names each status the UI treats differently', () => {
    const kinds = [400, 401, 403, 404, 409, 422, 503, 500, 502].map((status) => describeApiError(new ApiFailure(status, `said ${status}`)).kind);
    expect(kinds).toEqual(['invalid', 'signed-out', 'forbidden', 'not-found', 'conflict', 'invalid', 'unavailable', 'failed', 'failed']);
  });

  it("keeps the API's words, except a 5xx other than the outage, which gets the caller's fallback", () => {
    expect(describeApiError(new ApiFailure(409, 'Already submitted')).message).toBe('Already submitted');
    expect(describeApiError(new ApiFailure(503, 'The database is unavailable')).message).toBe('The database is unavailable');
    expect(describeApiError(new ApiFailure(500, 'TypeError: x is undefined'), 'Failed to create application').message).toBe('Failed to create application');
    expect(describeApiError(new ApiFailure(500, 'boom')).message).toBe(MSG.somethingWentWrong);
  });

  it('keeps field errors without the form-level entry and without empty lists', () => {
    const view = describeApiError(new ApiFailure(400, 'Invalid', { email: ['Enter a valid email'], _: ['Invalid'], phone: [] }));
    expect(view.fieldErrors).toEqual({ email: ['Enter a valid email'] });
  });

  it('throws on what is not an API failure (a bug is not explained as a refusal)', () => {
    const bug = new TypeError('x is undefined');
    expect(() => describeApiError(bug)).toThrow(bug);
  });
});

describe('loaders: throwPageError / readOrFail', () => {
  it('401 signs out with "Please sign in to continue."', async () => {
    const response = (await thrown(throwPageError(new ApiFailure(401, 'Unauthorized'), caller))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('X-Toast')).toBe(PORTAL_MSG.notSignedIn);
  });

  it("403 is the error page at 403 with the API's message, signed in (decision 095)", async () => {
    const page = asData(await thrown(throwPageError(new ApiFailure(403, 'Action not allowed for your role'), caller)));
    expect(page.init.status).toBe(403);
    expect(page.data).toBe('Action not allowed for your role');
  });

  it("the switched-off account's 403 signs out with the API's message (spec 4)", async () => {
    const response = (await thrown(throwPageError(new ApiFailure(403, MSG.inactiveAccount), caller))) as Response;
    expect(response.headers.get('Location')).toBe('/org/login');
    expect(response.headers.get('X-Toast')).toBe(MSG.inactiveAccount);
  });

  it("404 is the not-found page, in the caller's words when given", async () => {
    const page = asData(await thrown(throwPageError(new ApiFailure(404, 'Not found'), caller, { notFound: 'Application not found' })));
    expect(page.init.status).toBe(404);
    expect(page.data).toBe('Application not found');
  });

  it("503 is the outage page with the API's words and a Retry-After", async () => {
    const page = asData(await thrown(readOrFail(caller, Promise.reject(new ApiFailure(503, 'The database is unavailable')))));
    expect(page.init.status).toBe(503);
    expect(page.data).toBe('The database is unavailable');
    expect(page.init.headers).toEqual({ 'Retry-After': '60' });
  });

  it('passes a good answer through', async () => {
    await expect(readOrFail(caller, Promise.resolve({ total: 3 }))).resolves.toEqual({ total: 3 });
  });
});

describe('actions: formFailure, toastFailure, conformReply', () => {
  it('400/422 come back as field errors tied to the fields, first message each', async () => {
    const failure = await formFailure(new ApiFailure(422, 'Check the answers', { q1: ['Required', 'Too short'], q2: ['Not a date'] }), caller);
    expect(failure).toMatchObject({ kind: 'invalid', status: 422, message: 'Check the answers', fields: { q1: 'Required', q2: 'Not a date' } });
  });

  it('409 and 503 come back as a message with their status (the form keeps what was typed)', async () => {
    await expect(formFailure(new ApiFailure(409, 'Already submitted'), caller)).resolves.toMatchObject({ kind: 'conflict', status: 409, message: 'Already submitted', fields: {} });
    await expect(formFailure(new ApiFailure(503, 'The database is unavailable'), caller)).resolves.toMatchObject({ kind: 'unavailable', status: 503 });
  });

  it("a 403 comes back to the form with the API's message, signed in (decision 095); the switched-off account's signs out", async () => {
    await expect(formFailure(new ApiFailure(403, 'Action not allowed for your role'), caller))
      .resolves.toMatchObject({ kind: 'forbidden', status: 403, message: 'Action not allowed for your role', fields: {} });
    const response = (await thrown(formFailure(new ApiFailure(403, MSG.inactiveAccount), caller))) as Response;
    expect(response.headers.get('X-Toast')).toBe(MSG.inactiveAccount);
  });

  it('a redirecting action shows the failure as a toast on the page it goes back to', async () => {
    const response = await toastFailure(await formFailure(new ApiFailure(409, 'Only drafts can be deleted'), caller), caller, '/org/applications?page=2');
    expect(response.headers.get('Location')).toBe('/org/applications?page=2');
    expect(response.headers.get('X-Toast')).toBe('Only drafts can be deleted');
  });

  it("a Conform form gets the API's message as the form error and its field errors on the fields", async () => {
    const reply = vi.fn((options: unknown) => options);
    const failure = await formFailure(new ApiFailure(400, 'Invalid', { email: ['Taken'] }), caller, MSG.couldNotSignUp);
    expect(conformReply({ reply }, failure)).toEqual({ formErrors: ['Invalid'], fieldErrors: { email: ['Taken'] } });
    const outage = await formFailure(new ApiFailure(502, 'upstream'), caller, MSG.couldNotSignUp);
    expect(conformReply({ reply }, outage)).toEqual({ formErrors: [MSG.couldNotSignUp], fieldErrors: undefined });
  });
});

describe('callApi: a 401 gets one retry (spec 4 Session, 8)', () => {
  /** A transport that answers the given statuses in turn, recording the calls. */
  const contextAnswering = (...statuses: number[]) => {
    const calls: string[] = [];
    const context = {
      requestMethod: 'GET',
      api: {
        kind: 'in-process',
        send: vi.fn(async (call: { path: string }) => {
          calls.push(call.path);
          const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
          return { status, headers: {}, text: JSON.stringify(status === 200 ? { ok: true } : { message: `said ${status}` }) };
        }),
      },
    } as unknown as AppLoadContext;
    return { context, calls };
  };

  it('a 401 then a success: the answer, after exactly one retry', async () => {
    const { context, calls } = contextAnswering(401, 200);
    await expect(callApi(context, '/users/me', { token: 't' })).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['/users/me', '/users/me']);
  });

  it('401 twice: the session has ended (an ApiFailure 401), after one retry only', async () => {
    const { context, calls } = contextAnswering(401, 401, 200);
    await expect(callApi(context, '/users/me', { token: 't' })).rejects.toMatchObject({ status: 401, message: 'said 401' });
    expect(calls).toHaveLength(2);
  });

  it('no retry without a token, nor for a 403 (a refusal, not a lost token)', async () => {
    const unsigned = contextAnswering(401, 200);
    await expect(callApi(unsigned.context, '/verify-otp', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(unsigned.calls).toHaveLength(1);
    const refused = contextAnswering(403, 200);
    await expect(callApi(refused.context, '/users/me', { token: 't' })).rejects.toMatchObject({ status: 403 });
    expect(refused.calls).toHaveLength(1);
  });
});
