import * as z from 'zod';
import { SignupSchema } from '../../domain/auth-schemas';

/** The sign-up form: the API's input plus a honeypot field that people never see or fill. */
export const SignupFormSchema = SignupSchema.extend({ website: z.string().optional() });
