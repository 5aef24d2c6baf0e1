// Organizations (spec 9): signing a new one up (no session yet: the API emails a sign-in code).
import { post, type ApiSession } from './client.server';
import type { SignupInput } from '../../domain/auth-schemas';

/** 400 with `errors` keyed by field when the API refuses a value. */
export const signUpOrganization = (api: ApiSession, input: SignupInput) => post(api, '/organization/signup', input);
