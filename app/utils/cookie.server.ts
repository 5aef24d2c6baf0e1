// The portal's cookies (session, toast, preferences): Remix's `createCookie`, with the value encoded by Buffer instead of
// character by character (decision 068). Same cookies on the wire, both ways: a cookie Remix wrote reads here, and one
// written here reads in Remix.
//
// Remix encodes a value as btoa(unescape(encodeURIComponent(JSON))) and decodes it as
// JSON.parse(decodeURIComponent(escape(atob(value)))), with `escape` and `unescape` written out one character at a
// time (a regular expression and a string per character). Both amount to base64 of the JSON's UTF-8 bytes, which is
// what Buffer does in one step. The signature is cookie-signature's (HMAC-SHA256, base64 without padding), as
// @remix-run/node signs, with the key made once per secret instead of on each call.
import crypto from 'node:crypto';
import { parse, serialize } from 'cookie';
import type { Cookie, CookieOptions } from '@remix-run/node';

/** The JSON's UTF-8 bytes in base64: what Remix's encodeData gives. */
export function encodeCookieData(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

/** What Remix's decodeData gives: the value, or {} for anything that is not base64 of JSON. */
export function decodeCookieData(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return {};
  }
}

function signature(key: crypto.KeyObject, value: string): string {
  return crypto.createHmac('sha256', key).update(value).digest('base64').replace(/=+$/, '');
}

/** cookie-signature's unsign: the value before the last dot when the whole is what signing it gives, else false. */
function unsign(input: string, key: crypto.KeyObject): string | false {
  const value = input.slice(0, input.lastIndexOf('.'));
  const expected = Buffer.from(`${value}.${signature(key, value)}`);
  const given = Buffer.from(input);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? value : false;
}

/** A Remix `Cookie` (the same options, the same `parse` and `serialize`) whose value is encoded by Buffer. */
export function createPortalCookie(name: string, cookieOptions: CookieOptions = {}): Cookie {
  const { secrets = [], ...options } = { path: '/', sameSite: 'lax' as const, ...cookieOptions };
  const keys = secrets.map((secret) => crypto.createSecretKey(Buffer.from(secret, 'utf8')));
  return {
    get name() {
      return name;
    },
    get isSigned() {
      return keys.length > 0;
    },
    get expires() {
      // Max-Age takes precedence over Expires
      return typeof options.maxAge !== 'undefined' ? new Date(Date.now() + options.maxAge * 1000) : options.expires;
    },
    async parse(cookieHeader, parseOptions) {
      if (!cookieHeader) return null;
      const cookies = parse(cookieHeader, { ...options, ...parseOptions });
      if (!(name in cookies)) return null;
      const raw = cookies[name]!;
      if (raw === '') return '';
      if (keys.length === 0) return decodeCookieData(raw);
      for (const key of keys) {
        const value = unsign(raw, key);
        if (value !== false) return decodeCookieData(value);
      }
      return null;
    },
    async serialize(value, serializeOptions) {
      let encoded = '';
      if (value !== '') {
        encoded = encodeCookieData(value);
        if (keys.length > 0) encoded = `${encoded}.${signature(keys[0]!, encoded)}`;
      }
      return serialize(name, encoded, { ...options, ...serializeOptions });
    },
  };
}
