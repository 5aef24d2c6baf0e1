// A small remix-auth strategy: the user proves an email address with the 6-digit code sent to it.
import { Strategy } from 'remix-auth/strategy';
import { readForm } from './form-data.server';

export interface OtpVerifyParams {
  email: string;
  code: string;
  request: Request;
}

export class OtpStrategy<User> extends Strategy<User, OtpVerifyParams> {
  name = 'otp';

  constructor(
    verify: Strategy.VerifyFunction<User, OtpVerifyParams>,
    private readEmail: (request: Request) => Promise<string | undefined>,
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<User> {
    const form = await readForm(request.clone());
    const code = String(form.get('code') ?? '').trim();
    const email = (await this.readEmail(request)) ?? String(form.get('email') ?? '').trim();
    return this.verify({ email, code, request });
  }
}
