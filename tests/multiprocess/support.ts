// What the multi-process tests share: production-build processes started as an operator starts them,
// a JavaScript-off browser that may send each request to another process (as a load balancer does),
// and the checks of the security headers and the CSP nonce.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { expect } from 'vitest';

export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  exited(): boolean;
}

/** `npm run build` once when the build this test serves is missing (a production build, under the shared lock). */
export function ensureBuild(): void {
  if (['build/server/index.js', 'build/index.js', 'build/ui/index.js'].every((f) => fs.existsSync(f))) return;
  execFileSync('flock', ['/tmp/portal-build.lock', 'npm', 'run', 'build'], { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
}

/** Starts `args` under node with `env` on top of a production environment. */
export function start(name: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: 'production', SCANNING: 'off', HOST: '127.0.0.1', DEV_OUTBOX: 'true', OTP_EMAIL_LIMIT: '100', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  return { name, child, output: () => text, exited: () => child.exitCode !== null || child.signalCode !== null };
}

export async function stop(proc: Proc | undefined): Promise<void> {
  if (!proc || proc.exited()) return;
  const gone = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  await gone;
}

/** Waits for `url` to answer 200; fails with the process's output when it exits or takes too long. */
export async function until200(proc: Proc, url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exited()) throw new Error(`${proc.name} exited:\n${proc.output()}`);
    if (await fetch(url).then((r) => r.status === 200, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${proc.name}: no 200 from ${url} in ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  location: string | null;
}

/**
 * A browser with JavaScript off: one cookie jar, redirects not followed, forms posted urlencoded (or
 * multipart with a file). Each request names the process it goes to, as a load balancer would pick one;
 * the Origin of a post is the address it is sent to (one site, whichever process answers).
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  async send(base: string, path: string, form?: Record<string, string> | FormData): Promise<Answer> {
    const headers: Record<string, string> = { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (form) headers.Origin = base;
    if (form && !(form instanceof FormData)) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(base + path, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form instanceof FormData ? form : form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return { status: res.status, headers: res.headers, body: await res.text(), location: res.headers.get('location') };
  }
}

/** The newest sign-in code for `email` in the development outbox of the API at `apiBase` (loopback only). */
export async function outboxCode(apiBase: string, email: string): Promise<string> {
  const res = await fetch(`${apiBase}/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { text: string }[];
  const code = /code is (\d{6})/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`No sign-in code for ${email} in the outbox of ${apiBase}`);
  return code;
}

export const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy'];

/**
 * A page's security headers are all there, its CSP names a nonce, and every script tag of the page
 * carries that nonce (no inline script can run without it). Returns the nonce.
 */
export function expectSecurePage(page: Answer): string {
  for (const name of SECURITY_HEADERS) expect(page.headers.get(name), name).toBeTruthy();
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('cache-control')).toBe('no-store');
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce, page.headers.get('content-security-policy') ?? 'no CSP').toBeTruthy();
  const scripts = [...page.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  return nonce!;
}
