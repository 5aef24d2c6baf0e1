// The process environment, validated once at boot.
import net from 'node:net';
import os from 'node:os';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../domain/validation';
import { SCAN_RETRY_BASE_SECONDS } from '../domain/scanning';

const intFrom = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: intFrom(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  API_BASE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Broadband Grants Portal <no-reply@broadband.example.gov>'),
  HELP_URL: z.string().default('/help'),
  /**
   * The portal's public address as people reach it (scheme, host, optional path prefix), for the links in
   * notification emails. Unset: http://localhost:PORT.
   */
  PORTAL_URL: z.string().url().refine((v) => /^https?:\/\//i.test(v), 'PORTAL_URL must start with http:// or https://').optional(),
  /** Sign-in codes one email may request per window (tight). */
  OTP_EMAIL_LIMIT: intFrom(5),
  /** Sign-in requests one IP address may make per window (generous: a whole office may share one). */
  OTP_IP_LIMIT: intFrom(200),
  OTP_WINDOW_SECONDS: intFrom(15 * 60),
  /** Users one organization's admins (or the state's) may add or invite per window (decision 093). */
  USER_ADD_LIMIT: intFrom(20),
  /**
   * Express "trust proxy", for a reverse proxy in front of the portal: true/false, a hop count, or a
   * comma-separated list of addresses, subnets (CIDR) and the names loopback, linklocal, uniquelocal.
   */
  TRUST_PROXY: z.string().optional().transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parsed = parseTrustProxy(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  /**
   * The development outbox: sign-in codes and mail kept in the database and readable at
   * /api/v1/dev/outbox from this machine. On by default outside production; in production only when
   * set (the demo `npm start` sets it), and never together with SMTP_URL.
   */
  DEV_OUTBOX: z.enum(['true', 'false', '1', '0']).optional().transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  /**
   * Where uploaded files live (DESIGN 2): unset = disk under DATA_DIR/files; file:///path = disk there;
   * s3://ACCESS:SECRET@host[:port]/bucket[/prefix]?region=us-east-1&tls=false = an S3-compatible bucket.
   */
  STORAGE_URL: z.string().url().optional(),
  /**
   * clamd, which scans every file that enters the portal (docs/decisions/097): tcp://host:3310 or unix:///path/clamd.ctl.
   * Unset = no scanning; `npm run serve` (production) then refuses to start unless SCANNING=off says so on purpose.
   */
  CLAMAV_URL: z.string().optional().refine((v) => v === undefined || /^(tcp:\/\/[^/]+|unix:\/\/\/.+)$/.test(v), 'CLAMAV_URL must be tcp://host:3310 or unix:///path'),
  /** 'off': no virus scanning, on purpose (CLAMAV_URL is then ignored); production without CLAMAV_URL needs it. */
  SCANNING: z.enum(['on', 'off']).optional(),
  /** How long clamd may keep an upload waiting before the file is held as "Not scanned yet". */
  SCAN_TIMEOUT_SECONDS: intFrom(30),
  /** The first retry of a held file after this many seconds, then twice as long each time (capped at an hour). */
  SCAN_RETRY_SECONDS: intFrom(SCAN_RETRY_BASE_SECONDS),
  /** Largest accepted upload, in megabytes (spec 9: 10 MB). */
  MAX_UPLOAD_MB: intFrom(MAX_UPLOAD_BYTES / (1024 * 1024)),
  /**
   * Portal processes to run (node:cluster), 'auto' for one per core. Several need a shared database
   * (DATABASE_URL): with the embedded PGlite the portal stays one process (docs/decisions/019).
   */
  WEB_CONCURRENCY: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  /** Page reads a process renders at once; the rest wait their turn, first come first served (0: no queue; decisions 057, 088). */
  PAGE_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(2),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'DEV_OUTBOX'> & { DEV_OUTBOX: boolean };

export type TrustProxy = boolean | number | string[];
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a trust-proxy list: an address, a subnet (CIDR or IPv4 netmask) or a named range. */
function validProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(range);
}

/** TRUST_PROXY as Express accepts it, or a message saying what is wrong. */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim();
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.filter((e) => !validProxyEntry(e));
  if (entries.length === 0 || bad.length > 0) {
    return `TRUST_PROXY must be true, false, a hop count (e.g. 1) or a comma-separated list of addresses, subnets (e.g. 10.0.0.0/8) and the names loopback, linklocal, uniquelocal; not understood: ${bad.join(', ') || raw}`;
  }
  return entries;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const data = parsed.data;
  if (data.NODE_ENV === 'production' && !data.SESSION_SECRET) {
    throw new Error('SESSION_SECRET is required when NODE_ENV=production (at least 16 characters).');
  }
  if (data.DEV_OUTBOX && data.SMTP_URL) {
    throw new Error('DEV_OUTBOX and SMTP_URL are both set: mail is either sent through SMTP or kept in the development outbox. Unset one of them.');
  }
  const devOutbox = data.DEV_OUTBOX ?? (!data.SMTP_URL && data.NODE_ENV !== 'production');
  if (data.NODE_ENV === 'production' && !data.SMTP_URL && !devOutbox) {
    throw new Error('No way to send mail: set SMTP_URL (e.g. smtp://user:pass@mail.example.gov:587) so sign-in codes reach people, or DEV_OUTBOX=true for a demo that shows the codes on this machine.');
  }
  // Every upload is scanned by clamd (decision 097): production without it is a choice said out loud. A UI whose API
  // runs elsewhere (API_BASE_URL) stores no file.
  if (data.NODE_ENV === 'production' && !data.API_BASE_URL && !data.CLAMAV_URL && data.SCANNING !== 'off') {
    throw new Error('No virus scanning: set CLAMAV_URL (tcp://host:3310 or unix:///run/clamav/clamd.ctl) so clamd scans every upload, or SCANNING=off to run without scanning on purpose.');
  }
  return { ...data, DEV_OUTBOX: devOutbox };
}

/**
 * How many portal processes to run: WEB_CONCURRENCY ('auto': one per core), and the reason when that is
 * fewer than asked (the embedded PGlite is one process's database).
 */
export function processCount(env: Env, cores = os.availableParallelism()): { count: number; note?: string } {
  const asked = env.WEB_CONCURRENCY === 'auto' ? cores : env.WEB_CONCURRENCY;
  if (asked > 1 && !env.DATABASE_URL) {
    return { count: 1, note: `One portal process, not ${asked}: the embedded database (PGlite under DATA_DIR) can be opened by one process only. Set DATABASE_URL (PostgreSQL) to run one process per core.` };
  }
  return { count: asked };
}
