// The sign-up form's rules, on the server only (a .server module: Remix leaves it, Zod and Conform out of the
// browser's bundle; the page shows the server's reply, docs/decisions/014).
import * as z from 'zod';
import { parseWithZod } from '@conform-to/zod/v4';
import { SignupSchema } from '../../domain/auth-schemas';

/** The sign-up form: the API's input plus a honeypot field that people never see or fill. */
export const SignupFormSchema = SignupSchema.extend({ website: z.string().optional() });

export const parseSignUp = (formData: FormData) => parseWithZod(formData, { schema: SignupFormSchema });
