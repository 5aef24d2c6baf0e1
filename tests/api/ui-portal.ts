// The whole portal for a test that needs the UI: Express, the embedded API and the Remix production build
// (built here when missing: a development build cannot be served without Vite), on a test database, on
// 127.0.0.1. PORT is the portal's own, as in production (where the UI would reach the embedded API over HTTP).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { ServerBuild } from '@remix-run/node';
import type { Page } from '@playwright/test';
import { startTestApi, type TestApi } from './harness';
import { createPortalServer } from '../../server/edge';
import { createPortalApp } from '../../server/portal';
import { freePort } from '../support/postgres';
import { Browser, client, signInBrowser } from '../../scripts/bench-support';

export interface UiPortal {
  api: TestApi;
  portal: Express;
  server: Server;
  base: string;
  close(): Promise<void>;
}

export async function startUiPortal(overrides: Partial<Record<string, string>> = {}): Promise<UiPortal> {
  if (!fs.existsSync('build/index.js')) {
    execFileSync('flock', ['/tmp/portal-build.lock', 'npm', 'run', 'build'], { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const buildUrl = pathToFileURL(path.resolve('build/index.js')).href;
  const build = (await import(buildUrl)) as ServerBuild;
  const port = await freePort();
  const api = await startTestApi({ PORT: String(port), HOST: '127.0.0.1', OTP_EMAIL_LIMIT: '100', ...overrides });
  const portal = createPortalApp({ env: api.env, database: api.database, build });
  const server = await new Promise<Server>((resolve) => {
    const s = createPortalServer(portal).listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    api,
    portal,
    server,
    base: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
    },
  };
}

/** A JS-off browser signed in through the UI's forms as `email`, working for the organization named `organization`. */
export async function signedInBrowser(ui: UiPortal, email: string, organization: string): Promise<Browser> {
  const me = await ui.api.call('/api/v1/users/me', { token: (await ui.api.signIn(email)).token });
  const org = me.body.organizations.find((o: { name: string }) => o.name === organization);
  if (!org) throw new Error(`${email} is not a member of ${organization}`);
  const browser = new Browser(ui.base);
  await signInBrowser(browser, client(ui.base), email, org.id);
  return browser;
}

/** With JavaScript on, waits until React has taken the document (app/root.tsx marks it); with it off, nothing to wait for. */
export async function whenHydrated(page: Page, js: boolean): Promise<void> {
  if (js) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Signs in through a login page's two steps (the organizations' or the state's), the code read from the development outbox. */
export async function signInThroughLogin(ui: UiPortal, page: Page, js: boolean, email: string, portal: 'org' | 'state'): Promise<void> {
  await page.goto(`/${portal}/login`);
  await whenHydrated(page, js);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL(/step=code/);
  await whenHydrated(page, js);
  await page.getByLabel('6-digit code').fill(await ui.api.latestCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}
