// A download route cannot show the error page: what it throws becomes a plain-text Response with the same status
// (Remix answers a data() thrown from a route without a page as {"message":"Unexpected Server Error"}).
import { describe, expect, it } from 'vitest';
import { data } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/node';
import { downloadNotFound, plainRefusal, throwPlainRefusal } from '../../app/utils/download.server';
import { ApiFailure } from '../../app/utils/api.server';

describe('plainRefusal', () => {
  it("keeps the status and the page's words, as text", async () => {
    const res = plainRefusal(data('Application not found', { status: 404 })) as Response;
    expect(res).toBeInstanceOf(Response);
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([404, 'text/plain; charset=utf-8', 'Application not found']);
    const busy = plainRefusal(data('The portal is busy', { status: 503, headers: { 'Retry-After': '60' } })) as Response;
    expect([busy.status, busy.headers.get('retry-after'), await busy.text()]).toEqual([503, '60', 'The portal is busy']);
  });

  it('passes a Response (a redirect to sign in) and anything else as they are', () => {
    const redirect = new Response(null, { status: 302, headers: { Location: '/login' } });
    expect(plainRefusal(redirect)).toBe(redirect);
    const error = new Error('boom');
    expect(plainRefusal(error)).toBe(error);
  });

  it('answers its own 404 in words', async () => {
    const res = downloadNotFound();
    expect([res.status, await res.text()]).toEqual([404, 'Not found']);
  });
});

describe('throwPlainRefusal', () => {
  // The download routes and the document and message attachment links (opened in a new tab) answer with it.
  const caller = { request: new Request('http://portal.test/resources/documents/x'), context: {} as AppLoadContext };
  const thrown = async (error: unknown) => throwPlainRefusal(error, caller).then(() => undefined, (e: unknown) => e);

  it('answers the API being away as a 503 in words, with Retry-After', async () => {
    const res = (await thrown(new ApiFailure(503, 'The service is unavailable'))) as Response;
    expect(res).toBeInstanceOf(Response);
    expect([res.status, res.headers.get('content-type'), res.headers.get('retry-after')]).toEqual([503, 'text/plain; charset=utf-8', '60']);
    expect(await res.text()).not.toContain('Unexpected Server Error');
  });

  it('keeps a conflict\'s status and message', async () => {
    const res = (await thrown(new ApiFailure(409, 'The file is still being checked.'))) as Response;
    expect([res.status, await res.text()]).toEqual([409, 'The file is still being checked.']);
  });
});
