// A download route cannot show the error page: what it throws becomes a plain-text Response with the same status
// (Remix answers a data() thrown from a route without a page as {"message":"Unexpected Server Error"}).
import { describe, expect, it } from 'vitest';
import { data } from '@remix-run/node';
import { downloadNotFound, plainRefusal } from '../../app/utils/download.server';

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
