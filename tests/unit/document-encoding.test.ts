// encodeDocument (decision 048; Accept-Encoding read by negotiator): a finished page is compressed whole (brotli, else gzip) when the request takes it, with the headers a
// cache and the compression middleware read; a small page, a HEAD and a request that refuses gzip get the text.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentEncoding, encodeDocument } from '../../app/utils/document-encoding.server';

const page = `<!DOCTYPE html><html><body>${'<tr><td>GA-B000EF</td><td>Resubmitted</td></tr>'.repeat(100)}</body></html>`;
const request = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://portal.test/org/applications', { method, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });

describe('documentEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['deflate', null],
    ['gzip;q=0', null],
    ['gzip;q=0.000, *;q=1', 'br'],
    ['br;q=0, gzip;q=0, *;q=1', null],
    ['identity', null],
    ['*;q=0', null],
    ['', null],
    // Read by negotiator (the compression middleware's own): weights alike go to brotli whatever the header's order,
    ['gzip, br', 'br'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    [' gzip ; q=0.9 , br;q=0.1', 'gzip'],
    ['x-gzip;q=0.5, br;q=0.4', 'gzip'],
    ['X-GZIP,deflate', 'gzip'],
    ['br;q=0, x-gzip;q=0, *;q=1', null],
    ['*;q=0.5, br;q=0', 'gzip'],
    // a weight that is not a number refuses, and q is read in any case,
    ['gzip;q=abc', null],
    ['gzip;Q=0, br;Q=0', null],
    // identity unnamed counts at the header's lowest weight (the compression beats it on a tie), named it is weighed too.
    ['gzip;q=0.5', 'gzip'],
    ['br;q=0.5, identity', null],
    ['gzip;q=0.5, identity;q=0.4', 'gzip'],
    ['identity;q=0, gzip;q=0', null],
  ])('%j → %s', (header, expected) => expect(documentEncoding(header)).toBe(expected));
  it('no header: none', () => expect(documentEncoding(null)).toBeNull());
});

describe('encodeDocument', () => {
  it('gzips a page for a request that takes gzip, saying so in Content-Encoding, Content-Length and Vary', () => {
    const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
    const body = encodeDocument(request('gzip, deflate'), page, headers);
    expect(body).toBeInstanceOf(Uint8Array);
    expect(gunzipSync(body as Uint8Array).toString('utf8')).toBe(page);
    expect(headers.get('Content-Encoding')).toBe('gzip');
    expect(headers.get('Content-Length')).toBe(String((body as Uint8Array).length));
    expect(headers.get('Vary')).toBe('Accept-Encoding');
    expect((body as Uint8Array).length).toBeLessThan(page.length / 5);
  });

  it('sends brotli to a browser that takes it', () => {
    const headers = new Headers();
    const body = encodeDocument(request('gzip, deflate, br, zstd'), page, headers);
    expect(brotliDecompressSync(body as Uint8Array).toString('utf8')).toBe(page);
    expect([headers.get('Content-Encoding'), headers.get('Content-Length')]).toEqual(['br', String((body as Uint8Array).length)]);
  });

  it('keeps the text for a request without gzip, a HEAD and a page under 1 KB, and still varies on Accept-Encoding', () => {
    for (const [req, html] of [[request(), page], [request('deflate'), page], [request('gzip', 'HEAD'), page], [request('gzip'), '<p>short</p>']] as const) {
      const headers = new Headers();
      expect(encodeDocument(req, html, headers)).toBe(html);
      expect(headers.get('Content-Encoding')).toBeNull();
      expect(headers.get('Vary')).toBe('Accept-Encoding');
    }
  });

  it('keeps a Vary the page already had', () => {
    const headers = new Headers({ Vary: 'Cookie' });
    encodeDocument(request('gzip'), page, headers);
    expect(headers.get('Vary')).toBe('Cookie, Accept-Encoding');
  });
});
