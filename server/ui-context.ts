// What the UI (the Remix app) is given by the server that runs it: the portal's settings, read from the
// environment in one place. server/portal.ts (the one-process portal, and `npm run serve:api`'s sibling)
// and server/serve-ui.ts (the UI alone under remix-serve, docs/decisions/018) both build it here.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from './env';
import { FORM_BODY_LIMIT_BYTES, MULTIPART_OVERHEAD_BYTES, type BodyLimits } from './edge';
import type { PortalConfig } from '../domain/ui-context';

export type { PortalConfig };

/** SESSION_SECRET, or outside production one generated once and kept in DATA_DIR. */
export function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.resolve(env.DATA_DIR, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function portalConfig(env: Env, secret: string): PortalConfig {
  return {
    apiBaseUrl: (env.API_BASE_URL ?? `http://127.0.0.1:${env.PORT}/api/v1`).replace(/\/$/, ''),
    apiPublicOrigin: env.API_BASE_URL ? new URL(env.API_BASE_URL).origin : '',
    sessionSecret: secret,
    maxUploadBytes: env.MAX_UPLOAD_MB * 1024 * 1024,
    helpUrl: env.HELP_URL,
    devOutboxUrl: env.DEV_OUTBOX && !env.API_BASE_URL ? '/api/v1/dev/outbox?email=' : null,
  };
}

/** The UI's post limits: 1 MB for forms, the upload limit plus framing for multipart posts. */
export const uiBodyLimits = (env: Env): BodyLimits => ({
  formBytes: FORM_BODY_LIMIT_BYTES,
  multipartBytes: env.MAX_UPLOAD_MB * 1024 * 1024 + MULTIPART_OVERHEAD_BYTES,
});
