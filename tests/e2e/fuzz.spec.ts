// Hostile input on the pages (issue 7 item 9): every route of app/routes (read from the file names), as
// anonymous and signed in, gets generated garbage in its query and path, and posts with no body, a body
// that is not a form, a malformed multipart, text with NUL or broken Unicode, and unknown intents.
// Any 5xx or exception text fails. Fixed seed (FUZZ_SEED overrides it), printed by fast-check on failure.
import type { APIRequestContext } from '@playwright/test';
import fc from 'fast-check';
import { ACCOUNTS, expect, signIn, test } from './fixtures';
import { uiRoutes } from '../support/ui-routes';
import { PORTAL_MSG } from '../../domain/messages';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

/** Stack frames, engine and driver messages: what a page must never show. */
const EXCEPTION_TEXT = /\n\s+at |node_modules|\.[cm]?[jt]sx?:\d+|\b(TypeError|ReferenceError|RangeError|SyntaxError|URIError|ZodError)\b|Unexpected Server Error|invalid input syntax|Failed query/;

const rawEscape = fc.constantFrom('%00', '%ED%A0%80', '%ED%B0%80', '%C0%80', '%ZZ', '%', '%E0%A4%A');
const wrongValue = fc.oneof(
  fc.constantFrom('-1', '0', '1e99', '-1e99', '1.5', 'NaN', '99999999999999999999', '2024-02-30', '2024-13-01', '0000-00-00', '', 'x'.repeat(3000), '<script>', '../..'),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 10 }).map(encodeURIComponent),
);
const queryValue = fc.oneof({ arbitrary: wrongValue, weight: 4 }, { arbitrary: rawEscape, weight: 1 });
const QUERY_KEYS = ['page', 'size', 'q', 'status', 'range', 'location', 'new', 'cancel', 'delete', 'step', 'view', 'download', 'redirectTo', 'intent'];
const query = fc.array(
  fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.constantFrom('', '[]', '[a]'), queryValue).map(([k, shape, v]) => `${k}${shape}=${v}`),
  { maxLength: 4 },
).map((pairs) => pairs.join('&'));

const INTENTS = ['save', 'submit', 'create', 'cancel', 'delete', 'send', 'verify', 'theme', 'menu', 'add-row:x', 'remove-row:x:1', 'remove-file:x', 'nonsense', ''];
const formField = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00', '2024-02-30', '1e99', '-1', '', 'x'.repeat(2000)),
  fc.string({ maxLength: 20 }),
);
const formBody = fc.dictionary(
  fc.constantFrom('intent', 'email', 'code', 'otp', 'organizationId', 'redirectTo', 'value', 'reason', 'projectLocation', 'technologyType', 'programId', 'message', 'applicationId', 'sectionId', 'questionId'),
  fc.oneof(fc.constantFrom(...INTENTS), formField),
  { maxKeys: 5 },
);

type Post =
  | { kind: 'none' }
  | { kind: 'form'; fields: Record<string, string> }
  | { kind: 'raw'; contentType: string | null; body: string };

const post: fc.Arbitrary<Post> = fc.oneof(
  fc.constant<Post>({ kind: 'none' }),
  formBody.map((fields): Post => ({ kind: 'form', fields })),
  fc.tuple(
    fc.constantFrom(null, 'application/json', 'text/plain', 'multipart/form-data', 'multipart/form-data; boundary=zz', 'application/x-www-form-urlencoded'),
    fc.constantFrom('', '{"intent":"save"}', 'intent=%ZZ&email=%00', '--zz\r\nContent-Disposition: form-data; name="in\u0001tent"\r\n\r\nsave\r\n--zz--\r\n', '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave', 'intent=save&intent=submit'),
  ).map(([contentType, body]): Post => ({ kind: 'raw', contentType, body })),
);

async function send(request: APIRequestContext, method: 'GET' | 'POST', url: string, input: Post | null) {
  const headers: Record<string, string> = {};
  let data: string | Buffer | undefined;
  if (method === 'POST' && input?.kind === 'form') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    data = new URLSearchParams(input.fields).toString();
  } else if (method === 'POST' && input?.kind === 'raw') {
    if (input.contentType) headers['Content-Type'] = input.contentType;
    data = Buffer.from(input.body, 'latin1');
  }
  const res = await request.fetch(url, { method, headers, data, maxRedirects: 0, failOnStatusCode: false, timeout: 15_000 });
  return { status: res.status(), text: await res.text() };
}

test.describe('every page and resource route answers hostile input with a 4xx, never a 5xx', () => {
  // Requests only, no page: one project is enough.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'requests only: run once, in js-on');
  test.setTimeout(240_000);

  const ROUTES = uiRoutes({ id: 'GA-LKV001', section: 'applications', systemNo: '33' });

  for (const who of ['anonymous', 'org admin', 'state admin'] as const) {
    test(`as ${who}`, async ({ page }) => {
      if (who === 'org admin') await signIn(page, ACCOUNTS.orgAdmin);
      if (who === 'state admin') await signIn(page, ACCOUNTS.stateAdmin);
      // The page's own request context carries its session cookie (and sends no Origin, like a form post).
      const request = page.request;
      expect(ROUTES.length).toBeGreaterThan(20);
      // Logging out ends the session: walked last.
      const ordered = [...ROUTES.filter((r) => r.file !== 'logout.tsx'), ...ROUTES.filter((r) => r.file === 'logout.tsx')];
      const failures: string[] = [];
      for (const [index, route] of ordered.entries()) {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom<'GET' | 'POST'>('GET', 'POST'),
            query,
            fc.option(rawEscape, { nil: null }),
            post,
            async (method, q, pathJunk, input) => {
              const path = pathJunk && route.url.split('/').length > 2 ? route.url.replace(/[^/]+$/, pathJunk) : route.url;
              const url = `${path}${q ? `?${q}` : ''}`;
              const res = await send(request, method, url, input);
              const where = `${method} ${url} (${route.file}) as ${who}${method === 'POST' ? ` with ${JSON.stringify(input).slice(0, 200)}` : ''}`;
              expect(res.status, `${where} answered ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
              expect(res.text, `${where} shows exception text`).not.toMatch(EXCEPTION_TEXT);
            },
          ),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
        ).catch((err: Error) => failures.push(`${route.file}: ${(err.cause as Error | undefined)?.message ?? ''}\n${err.message.slice(0, 600)}`));
      }
      expect(failures).toEqual([]);
    });
  }
});

test.describe('what a refused request says', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'requests only: run once, in js-on');

  test('a post that is not a form, a broken form, bad characters and a wrong method get a clear 4xx', async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin);
    const request = page.request;
    const print = '/resources/print/GA-LKV001';
    const noBody = await request.post(print, { maxRedirects: 0 });
    expect([noBody.status(), await noBody.text()]).toEqual([415, PORTAL_MSG.notAForm]);
    const json = await request.post(print, { data: { redirectTo: '/' }, maxRedirects: 0 });
    expect([json.status(), await json.text()]).toEqual([415, PORTAL_MSG.notAForm]);
    const broken = await request.post(print, {
      headers: { 'Content-Type': 'multipart/form-data; boundary=zz' },
      data: Buffer.from('--zz\r\nContent-Disposition: form-data; name="a\u0001"\r\n\r\nx\r\n--zz'),
      maxRedirects: 0,
    });
    expect([broken.status(), await broken.text()]).toEqual([400, PORTAL_MSG.notAForm]);
    const nul = await request.post('/resources/preferences', { form: { intent: 'theme', value: 'dark\u0000' }, maxRedirects: 0 });
    expect([nul.status(), await nul.text()]).toEqual([400, PORTAL_MSG.badCharacters]);
    const upload = await request.post('/resources/upload', { data: 'x', headers: { 'Content-Type': 'text/plain' } });
    expect([upload.status(), (await upload.json()).message]).toEqual([415, PORTAL_MSG.notAForm]);
    const keepalive = await request.get('/resources/keepalive');
    expect([keepalive.status(), await keepalive.text()]).toEqual([405, PORTAL_MSG.methodNotAllowed]);
    // A page that takes no posts shows the message in the portal's own error page.
    const help = await request.post('/org/history', { form: { intent: 'save' }, maxRedirects: 0 });
    expect(help.status()).toBe(405);
    const html = await help.text();
    expect(html).toContain(PORTAL_MSG.methodNotAllowed);
    expect(html).not.toMatch(EXCEPTION_TEXT);
    expect(html).not.toContain('did not provide an');
  });
});

