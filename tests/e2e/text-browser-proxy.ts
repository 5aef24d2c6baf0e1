// Support for text-browser.spec.ts: a small HTTP proxy between lynx and the test server, and a lynx driven by keys.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A small HTTP proxy between lynx and the test server, plain http on both sides. It changes nothing but its own
 * hop-by-hop headers: the production build sets its cookies `Secure` only over HTTPS (issue 41), so lynx, which
 * (rightly) drops a Secure cookie over http, keeps the session as it is sent. It keeps each HTML page it passed
 * (path and query, status, decoded body) and every Set-Cookie header, so the test can read what lynx was given.
 */
export async function startCookieProxy(target: string) {
  const upstream = new URL(target);
  const pages: { url: string; status: number; html: string }[] = [];
  const cookies = new Map<string, string>();
  const setCookies: string[] = [];
  const server = http.createServer((req, res) => {
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        const headers = { ...answer.headers };
        // Hop-by-hop headers belong to the proxy's own connection (lynx speaks HTTP/1.0: it reads to the close).
        for (const h of ['connection', 'keep-alive', 'transfer-encoding']) delete headers[h];
        for (const c of headers['set-cookie'] ?? []) {
          setCookies.push(c);
          const [name, value] = c.split(';')[0]!.split(/=(.*)/s);
          if (name) cookies.set(name.trim(), value ?? '');
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => {
          chunks.push(c);
          res.write(c);
        });
        answer.on('end', () => {
          res.end();
          if (!(answer.headers['content-type'] ?? '').includes('text/html')) return;
          const body = Buffer.concat(chunks);
          const encoding = answer.headers['content-encoding'];
          const html = encoding === 'gzip' ? zlib.gunzipSync(body) : encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'deflate' ? zlib.inflateSync(body) : body;
          pages.push({ url: req.url ?? '/', status: answer.statusCode ?? 0, html: html.toString('utf8') });
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  // A free port of the system's choosing: two runs side by side never collide.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as import('node:net').AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    pages,
    /** The cookies the server set for the browser, latest value by name. */
    cookies,
    /** Every Set-Cookie header the server sent, as sent. */
    setCookies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The lynx keys that type `text`, one character a key (`key` lines of a -cmd_script). */
export const typed = (text: string) => {
  // A space is not a key a -cmd_script line can carry (lynx trims it): the journey's text has none.
  if (text.includes(' ')) throw new Error(`lynx cannot type a space: ${text}`);
  return [...text];
};

/**
 * One lynx session: opens `startUrl` and presses `keys` (names as in a -cmd_script, e.g. `^J` for Enter,
 * `Down Arrow`), then quits. lynx starts with `cookies` in its cookie jar, as a browser reopened with its session
 * cookie; every key is in the script before lynx starts (a -cmd_script that runs dry makes lynx wait for input).
 * Text fields need Enter to activate them (-tna), so a key meant as a command is never typed into a field.
 */
export async function runLynx(startUrl: string, keys: string[], cookies: Map<string, string>): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lynx-journey-'));
  const host = new URL(startUrl).hostname;
  try {
    fs.writeFileSync(
      path.join(dir, 'cookies'),
      [...cookies].map(([name, value]) => `${host}\tFALSE\t/\tFALSE\t2000000000\t${name}\t${value}\n`).join(''),
    );
    fs.writeFileSync(
      path.join(dir, 'lynx.cfg'),
      `INCLUDE:/etc/lynx/lynx.cfg\nACCEPT_ALL_COOKIES:TRUE\nPERSISTENT_COOKIES:TRUE\nCOOKIE_FILE:${dir}/cookies\nCOOKIE_SAVE_FILE:${dir}/saved\nINFOSECS:0\nMESSAGESECS:0\nALERTSECS:0\nNO_PAUSE:TRUE\n`,
    );
    fs.writeFileSync(path.join(dir, 'keys'), [...keys, 'q', 'y'].map((k) => `key ${k}\n`).join(''));
    const screen = await new Promise<string>((resolve, reject) =>
      execFile(
        'lynx',
        [`-cfg=${dir}/lynx.cfg`, '-tna', '-nopause', `-cmd_script=${dir}/keys`, startUrl],
        { env: { ...process.env, TERM: 'vt100', COLUMNS: '200', LINES: '60' }, encoding: 'latin1', timeout: 40_000, killSignal: 'SIGKILL' },
        // A key that did not do what the script meant leaves lynx waiting for more: the timeout kills it, an error.
        (error, stdout) => (error ? reject(new Error(`lynx did not finish its keys: ${error.message}\n${stdout.slice(-2000)}`)) : resolve(stdout)),
      ),
    );
    return screen.replace(/\x1b\[[0-9;?]*[a-zA-Z]/g, '').replace(/\x1b[()][AB0]|\x1b[=>]/g, '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What a text browser shows of `url` (`lynx -dump` or `w3m -dump`, no script, 200 columns), signed in with `cookies`
 * (the session cookie goes in as not Secure: the test server is plain http, and sets it so).
 */
export function dumpPage(browser: 'lynx' | 'w3m', url: string, cookies: Map<string, string>): string {
  const host = new URL(url).hostname;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${browser}-dump-`));
  try {
    if (browser === 'w3m') {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      return execFileSync('w3m', ['-dump', '-cols', '200', '-o', 'display_link_number=1', '-header', `Cookie: ${cookie}`, url], { encoding: 'utf8', timeout: 30_000 });
    }
    fs.writeFileSync(path.join(dir, 'cookies'), [...cookies].map(([name, value]) => `${host}\tFALSE\t/\tFALSE\t2000000000\t${name}\t${value}\n`).join(''));
    fs.writeFileSync(
      path.join(dir, 'lynx.cfg'),
      `INCLUDE:/etc/lynx/lynx.cfg\nACCEPT_ALL_COOKIES:TRUE\nPERSISTENT_COOKIES:TRUE\nCOOKIE_FILE:${dir}/cookies\nCOOKIE_SAVE_FILE:${dir}/saved\n`,
    );
    const run = spawnSync('lynx', [`-cfg=${dir}/lynx.cfg`, '-dump', '-width=200', url], { env: { ...process.env, TERM: 'vt100' }, encoding: 'utf8', timeout: 30_000 });
    // lynx -dump exits 1 on an HTTP error status and still prints the page: the page says what went wrong.
    if (run.error || run.status !== 0) {
      throw new Error(`lynx -dump ${url} exited ${run.status ?? run.signal ?? run.error?.message}; what it showed:\n${(run.stdout ?? '').slice(0, 4000)}\n${run.stderr ?? ''}`);
    }
    return run.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
