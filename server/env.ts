// The process environment, validated once at boot.
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../domain/validation';

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
  /** Sign-in codes one email may request per window (tight). */
  OTP_EMAIL_LIMIT: intFrom(5),
  /** Sign-in requests one IP address may make per window (generous: a whole office may share one). */
  OTP_IP_LIMIT: intFrom(200),
  OTP_WINDOW_SECONDS: intFrom(15 * 60),
  /** Express "trust proxy" setting, for a reverse proxy in front of the portal. */
  TRUST_PROXY: z.string().optional(),
  /**
   * Where uploaded files live (DESIGN 2): unset = disk under DATA_DIR/files; file:///path = disk there;
   * s3://ACCESS:SECRET@host[:port]/bucket[/prefix]?region=us-east-1&tls=false = an S3-compatible bucket.
   */
  STORAGE_URL: z.string().url().optional(),
  /** Largest accepted upload, in megabytes (spec 9: 10 MB). */
  MAX_UPLOAD_MB: intFrom(MAX_UPLOAD_BYTES / (1024 * 1024)),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.SESSION_SECRET) {
    throw new Error('SESSION_SECRET is required when NODE_ENV=production (at least 16 characters).');
  }
  return parsed.data;
}
