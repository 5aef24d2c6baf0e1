// Hostile input (issue 7 item 9): every route of the API, read from its own routers (so a new route is
// walked without touching this file), gets generated bad input in its path, query and body, as
// anonymous, an organization admin and a state admin. Any 5xx, any hang and any exception text in an
// answer fails. The seed is fixed (FUZZ_SEED overrides it) and fast-check prints it with the failing case.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { providerRoutes, type ApiRoute } from '../support/api-routes';
import { PORTAL_MSG } from '../../domain/messages';
import { openApiPath } from '../../api/openapi/registry';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Runs per route: about 40 routes, so some 2,000 requests (under 30 s on PGlite). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const REQUEST_TIMEOUT_MS = 10_000;

/** Stack frames, driver and engine messages: what an answer must never show. */
const EXCEPTION_TEXT = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError|DrizzleError)\b|invalid input syntax|violates|out of range for type|invalid byte sequence|Failed query/;

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', 'a\uDFFFb', '\uDC00\uD800'];
const IMPOSSIBLE_DATES = ['2024-02-30', '2024-13-01', '0000-00-00', '2023-02-29', '2024-00-10', '2024-04-31', '99999-01-01', '-0001-01-01', '2024-02-30T25:61:00Z', '1e99'];
const NUMBERS_AS_TEXT = ['-1', '0', '1.5', '1e99', '-1e99', '9007199254740993', '99999999999999999999', 'NaN', 'Infinity', '-0', '0x10', ' 1 ', ''];
const STRANGE_TEXT = ['%00', '\u202E', '\uFEFF', '../../etc/passwd', "'; drop table users; --", '<script>alert(1)</script>', '\r\n', 'x'.repeat(5000)];

/** Text that can never be stored: NUL and lone surrogates (refused before any route). */
const uncleanText = fc.oneof(
  fc.constantFrom(...LONE_SURROGATES, '\u0000', 'a\u0000b', 'GA-LKV001\u0000'),
  fc.string({ unit: fc.constantFrom('\u0000', '\uD800', '\uDC00', 'a', '-', '1'), maxLength: 12 }).filter((t) => /[\u0000\uD800-\uDFFF]/.test(t)),
);

/** Clean but wrong text, which the routes themselves must refuse. */
const wrongText = fc.oneof(
  fc.constantFrom(...IMPOSSIBLE_DATES, ...NUMBERS_AS_TEXT, ...STRANGE_TEXT),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const badText = fc.oneof({ arbitrary: wrongText, weight: 8 }, { arbitrary: uncleanText, weight: 1 });

const badNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -1, 0, 0.5, -0, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true }),
  fc.integer(),
);

/** Objects and arrays nested `depth` deep. */
const deep = fc.integer({ min: 20, max: 300 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
});

const badValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    badText,
    badNumber,
    fc.constantFrom(null, true, false, {}, [], ''),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('questionId', 'value', 'id', '__proto__', 'constructor', 'a'), tie('value'), { maxKeys: 3 }),
    deep,
  ),
})).value;

/** Real ids from the seed, so bad input also reaches the code behind the "not found" checks. */
interface Known {
  orgId: string;
  otherOrgId: string;
  applicationId: string;
  programId: string;
  sectionId: string;
  questionId: string;
  systemNo: string;
}

/** Raw escapes: NUL, an encoded lone surrogate (CESU-8), overlong NUL, bad escapes, a stray percent. */
const rawEscape = fc.constantFrom('%00', '%ED%A0%80', '%ED%B0%80', '%C0%80', '%ZZ', '%', '%E0%A4%A');

function pathSegment(known: Known): fc.Arbitrary<string> {
  const real = Object.values(known);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...real), weight: 4 },
    { arbitrary: fc.constantFrom('a%2Fb', '..', '%2e%2e', '00000000-0000-0000-0000-000000000000', 'GA-ZZZ999', 'ga-lkv001', '-1', '1e99'), weight: 2 },
    { arbitrary: rawEscape, weight: 1 },
    { arbitrary: badText.map(encodeSegment), weight: 4 },
  );
}

/** Percent-encodes what a URL can carry; lone surrogates become the CESU-8 bytes a careless client would send. */
function encodeSegment(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

const QUERY_KEYS = [
  'page', 'limit', 'size', 'status', 'startDate', 'endDate', 'organizationId', 'programId', 'sectionId', 'applicationId',
  'projectLocation', 'email', 'toDownload', 'expires', 'signature', 'q', 'range',
];

function queryString(known: Known): fc.Arbitrary<string> {
  const value = fc.oneof(
    { arbitrary: badText.map(encodeSegment), weight: 6 },
    { arbitrary: fc.constantFrom(...Object.values(known)), weight: 3 },
    { arbitrary: rawEscape, weight: 1 },
  );
  // key=value, key[]=value (an array), key[a]=value (an object), and key=value twice (an array again).
  const pair = fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.constantFrom('', '[]', '[a]', '[__proto__]'), value, fc.boolean())
    .map(([key, shape, v, twice]) => (twice ? `${key}${shape}=${v}&${key}=${v}` : `${key}${shape}=${v}`));
  return fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&'));
}

const BODY_KEYS = [
  'email', 'otp', 'organizationId', 'programId', 'sectionId', 'projectLocation', 'technologyType', 'message', 'answers',
  'questionId', 'value', 'firstName', 'lastName', 'phone', 'organizationName', 'formKey', 'fields', 'applicationId',
];

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

function body(known: Known): fc.Arbitrary<Body> {
  const answers = fc.array(
    fc.record({ questionId: fc.oneof(fc.constant(known.questionId), badValue), value: badValue }, { requiredKeys: [] }),
    { maxLength: 4 },
  );
  const fieldValue = fc.oneof(badValue, fc.constantFrom<unknown>(...Object.values(known)), answers);
  const object = fc.dictionary(fc.constantFrom(...BODY_KEYS), fieldValue, { maxKeys: 6 });
  return fc.oneof(
    { arbitrary: object.map((value) => ({ kind: 'json' as const, value })), weight: 6 },
    { arbitrary: badValue.map((value) => ({ kind: 'json' as const, value })), weight: 2 },
    {
      arbitrary: fc.tuple(
        fc.constantFrom('{"email": "a@b.c"', '{"a": "\\u0000"}', '{"answers": [{"questionId": "\\ud800", "value": "\\udc00"}]}', '[', 'null', '"\\ud800"', '{"__proto__": {"x": 1}}', '\u0000', ''),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'multipart/form-data', 'application/json; charset=utf-16'),
      ).map(([text, contentType]) => ({ kind: 'raw' as const, text, contentType })),
      weight: 2,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------------------------

let api: TestApi;
let routes: ApiRoute[];
let known: Known;
/** The statuses the OpenAPI document gives each route ('GET /path/{id}' → ['200', '400', …]), read from the served document. */
let documented: Map<string, Set<string>>;
const tokens: Record<string, string | undefined> = { anonymous: undefined };

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '1000', OTP_IP_LIMIT: '100000' });
  routes = providerRoutes();
  const openApi = (await api.call('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  documented = new Map(Object.entries(openApi.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, new Set(Object.keys(op.responses))] as const)));
  const orgAdmin = await api.signIn('org.admin@example.org');
  tokens.orgAdmin = orgAdmin.token;
  tokens.stateAdmin = (await api.signIn('state.admin@example.gov')).token;
  const orgs = orgAdmin.user.organizations as { id: string; name: string }[];
  const lakeview = orgs.find((o) => o.name === 'Lakeview Fiber Cooperative')!;
  const apps = await api.call(`/api/v1/organization/${lakeview.id}/applications?limit=1`, { token: orgAdmin.token });
  const sections = await api.call('/api/v1/section/all', { token: orgAdmin.token });
  const applicationId = apps.body.applications[0].applicationId;
  const section = await api.call(`/api/v1/applications/${applicationId}/sections/${sections.body[0].id}`, { token: orgAdmin.token });
  const question = section.body.questions[0];
  known = {
    orgId: lakeview.id,
    otherOrgId: orgs.find((o) => o.id !== lakeview.id)!.id,
    applicationId,
    programId: (await api.call('/api/v1/program/all', { token: orgAdmin.token })).body[0].id,
    sectionId: sections.body[0].id,
    questionId: question.id,
    systemNo: String(question.systemNo ?? '1'),
  };
}, 120_000);
afterAll(async () => {
  await api?.close();
});

async function send(method: string, url: string, token: string | undefined, input: Body | null) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (input && method !== 'GET' && method !== 'HEAD') {
    if (input.kind === 'json') {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(input.value) ?? 'null';
    } else {
      headers['Content-Type'] = input.contentType;
      payload = input.text;
    }
  }
  const res = await fetch(api.baseUrl + url, { method, headers, body: payload, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { status: res.status, text: await res.text() };
}

/** The route's path with each :param replaced by a generated segment. */
function urlFor(path: string, segments: string[], query: string): string {
  let i = 0;
  const filled = path.replace(/:(\w+)/g, () => segments[i++] ?? 'x');
  return `/api/v1${filled}${query ? `?${query}` : ''}`;
}

describe('the refusals say what is wrong', () => {
  it('impossible dates, NUL, lone surrogates and broken escapes answer 400 with a clear message', async () => {
    const list = (query: string) => api.call(`/api/v1/organization/${known.orgId}/applications?${query}`, { token: tokens.orgAdmin });
    for (const day of ['2024-02-30', '2024-13-01', '0000-00-00', '2023-02-29']) {
      expect(await list(`startDate=${day}`), day).toMatchObject({ status: 400, body: { message: PORTAL_MSG.dayInvalid } });
    }
    expect((await list('startDate=2024-02-29&endDate=2024-03-01')).status).toBe(200);
    expect(await list('applicationId=GA%00')).toMatchObject({ status: 400, body: { message: PORTAL_MSG.badCharacters } });
    expect(await list('applicationId=%ED%A0%80')).toMatchObject({ status: 400, body: { message: PORTAL_MSG.malformedAddress } });
    expect(await api.call('/api/v1/project-area/%00', { token: tokens.orgAdmin })).toMatchObject({ status: 400, body: { message: PORTAL_MSG.badCharacters } });
    expect(await api.call('/api/v1/project-area/%ZZ', { token: tokens.orgAdmin })).toMatchObject({ status: 400, body: { message: PORTAL_MSG.malformedAddress } });
    const body = await api.call(`/api/v1/applications/${known.applicationId}/cancel`, { token: tokens.orgAdmin, body: '{"message": "why\\ud800"}' });
    expect(body).toMatchObject({ status: 400, body: { message: PORTAL_MSG.badCharacters } });
    const charset = await fetch(`${api.baseUrl}/api/v1/send-login-otp`, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=koi8-r' }, body: '{}' });
    expect(charset.status).toBe(415);
    expect(await charset.json()).toEqual({ message: PORTAL_MSG.badRequest });
  });
});

describe('every API route answers hostile input with a 4xx and a clear message', () => {
  it('finds the routes in the routers themselves', () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('GET /documents/download/:id');
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('GET /dev/outbox');
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('POST /applications/:id/sections/:sectionId/answers');
  });

  it('walks them all with generated bad input, anonymous and signed in, and never gets a 5xx', async () => {
    // Logging out ends the caller's token: walked last so the other routes see a signed-in caller.
    const ordered = [...routes.filter((r) => r.path !== '/logout'), ...routes.filter((r) => r.path === '/logout')];
    let requests = 0;
    // Every route is walked even after one fails, so a run names all of them at once.
    const failures: string[] = [];
    // Every status a route answered must be one its OpenAPI document says it gives (issue 44).
    const undocumented = new Set<string>();
    for (const [index, route] of ordered.entries()) {
      const statuses = documented.get(`${route.method} ${openApiPath(route.path)}`);
      const params = (route.path.match(/:\w+/g) ?? []).length;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...Object.keys(tokens)),
          fc.array(pathSegment(known), { minLength: params, maxLength: params }),
          queryString(known),
          fc.option(body(known), { nil: null }),
          async (who, segments, query, input) => {
            const url = urlFor(route.path, segments, query);
            const res = await send(route.method, url, tokens[who], input);
            requests += 1;
            // A '..' segment is resolved by the client before sending, and an empty one leaves a path another route
            // matches (documents/download/ is documents/:id): those requests reached another route.
            const reached = segments.every((s) => s !== '') && new URL(api.baseUrl + url).pathname === url.split('?')[0];
            if (reached && !statuses?.has(String(res.status))) undocumented.add(`${route.method} ${route.path} ${res.status}`);
            const where = `${route.method} ${url} as ${who}${input ? ` with ${JSON.stringify(input).slice(0, 200)}` : ''}`;
            expect(res.status, `${where} answered ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
            expect(res.text, `${where} shows exception text`).not.toMatch(EXCEPTION_TEXT);
          },
        ),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      ).catch((err: Error) => failures.push(`${route.method} ${route.path}: ${(err.cause as Error | undefined)?.message ?? ''}\n${err.message.slice(0, 600)}`));
    }
    expect(failures).toEqual([]);
    expect([...undocumented].sort()).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(ordered.length * RUNS * 0.9);
  }, 600_000);
});
