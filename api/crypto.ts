import crypto from 'node:crypto';

export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += crypto.randomInt(0, 10).toString();
  return code;
}

export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hmac(secret: string, ...parts: string[]): string {
  return crypto.createHmac('sha256', secret).update(parts.join('\u0000')).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
