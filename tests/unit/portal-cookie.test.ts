// The portal's cookies are Remix's on the wire (decision 068): createPortalCookie writes what Remix's createCookie
// writes, and each reads the other's, signed or not; a bad signature or a value that is not base64 JSON reads as Remix
// reads it.
import { describe, expect, it } from 'vitest';
import { createCookie, createCookieSessionStorage } from '@remix-run/node';
import { createPortalCookie, decodeCookieData, encodeCookieData } from '../../app/utils/cookie.server';
import { commaFreeFirst } from '../../server/set-cookie-split';
import { createRequire } from 'node:module';

const { splitCookiesString } = createRequire(import.meta.url)('set-cookie-parser') as { splitCookiesString: (cookies: string | string[] | undefined) => string[] };

const secret = 'unit-cookie-secret-unit-cookie-secret';
const values: unknown[] = [
  { token: 'v1.abc_DEF-123', userId: '6f1c2a34-0b1d-4c55-9a0e-3f2b1c4d5e6f', lastSeen: 1764300000000 },
  { organizationName: 'Cañón Valley Broadband Coöp — “fiber” ✓ 光纤 🛰️', role: 'Org_Admin' },
  { __flash_toast__: { type: 'success', title: 'Saved; 100% of it, a+b=c / d?' } },
  { theme: 'dark', menu: 'collapsed' },
  {},
  'a string',
  12345,
  ['x', { y: null }],
];
const options = [
  { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: false, secrets: [secret] },
  { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: true, maxAge: 60 * 60 * 24 * 365 },
];
const valueOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('the portal cookie', () => {
  it('encodes as Remix does: base64 of the JSON in UTF-8', async () => {
    for (const value of values) {
      const remix = await createCookie('c').serialize(value);
      expect(`c=${encodeURIComponent(encodeCookieData(value))}; Path=/; SameSite=Lax`).toBe(remix);
      expect(decodeCookieData(encodeCookieData(value))).toEqual(value);
    }
  });

  it('writes what Remix writes, and each reads the other, signed and unsigned', async () => {
    for (const opts of options) {
      const remix = createCookie('__c', opts);
      const portal = createPortalCookie('__c', opts);
      expect(portal.isSigned).toBe(remix.isSigned);
      for (const value of values) {
        const written = await portal.serialize(value);
        if (opts.maxAge === undefined) expect(written).toBe(await remix.serialize(value));
        else expect(written.replace(/Expires=[^;]+/, '')).toBe((await remix.serialize(value)).replace(/Expires=[^;]+/, ''));
        expect(await remix.parse(`other=1; ${valueOf(written)}`)).toEqual(value);
        expect(await portal.parse(`${valueOf(await remix.serialize(value))}; other=2`)).toEqual(value);
      }
      // Options given to serialize win, as in Remix (a session's end: empty, expired).
      expect(await portal.serialize('', { maxAge: undefined, expires: new Date(0) })).toBe(await remix.serialize('', { maxAge: undefined, expires: new Date(0) }));
      expect(await portal.parse(valueOf(await remix.serialize('')))).toBe('');
      expect(await portal.parse('other=1')).toBeNull();
      expect(await portal.parse(null)).toBeNull();
    }
  });

  it('refuses a bad signature and reads a value that is not base64 JSON as Remix does', async () => {
    const opts = options[0]!;
    const remix = createCookie('__c', opts);
    const portal = createPortalCookie('__c', opts);
    const good = valueOf(await portal.serialize(values[0]));
    const tampered = good.replace(/.(%2B|[A-Za-z0-9+/])$/, (m) => (m.endsWith('A') ? `${m.slice(0, -1)}B` : `${m.slice(0, -1)}A`));
    expect(tampered).not.toBe(good);
    expect(await portal.parse(tampered)).toBeNull();
    expect(await remix.parse(tampered)).toBeNull();
    expect(await createPortalCookie('__c', { ...opts, secrets: ['another-secret'] }).parse(good)).toBeNull();
    // A signature by a later secret of the list still reads (rotation), as in Remix.
    expect(await createPortalCookie('__c', { ...opts, secrets: ['new-secret', secret] }).parse(good)).toEqual(values[0]);
    for (const raw of ['bm90IGpzb24', 'not-json', '%7B']) {
      const plain = { httpOnly: true };
      expect(await createPortalCookie('__p', plain).parse(`__p=${raw}`)).toEqual(await createCookie('__p', plain).parse(`__p=${raw}`));
    }
  });

  it('keeps a cookie session as Remix keeps it', async () => {
    const remix = createCookieSessionStorage({ cookie: { name: '__session', ...options[0]! } });
    const portal = createCookieSessionStorage({ cookie: createPortalCookie('__session', options[0]!) });
    const session = await portal.getSession();
    session.set('userId', 'u-1');
    session.flash('notice', 'once');
    const written = await portal.commitSession(session);
    expect(written).toBe(await remix.commitSession(session));
    const read = await remix.getSession(valueOf(written));
    expect(read.get('userId')).toBe('u-1');
    expect(read.get('notice')).toBe('once');
    expect(await portal.destroySession(session)).toBe(await remix.destroySession(session));
  });
});

describe('splitting Set-Cookie headers', () => {
  const split = commaFreeFirst(splitCookiesString);
  it('answers as set-cookie-parser does, with or without commas', () => {
    const cases = [
      '', '   ', '__session=abc%2Bdef.sig; Path=/; HttpOnly; SameSite=Lax',
      '__toast=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
      'a=1; Path=/, b=2; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT, c=3',
      ' leading=1', 'no-equals', ',', 'a=1,b=2',
    ];
    for (const header of cases) expect(split(header)).toEqual(splitCookiesString(header));
    expect(split(['a=1', 'b=2'])).toEqual(['a=1', 'b=2']);
    expect(split(undefined)).toEqual([]);
  });
});
