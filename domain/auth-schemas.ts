// Input rules for sign-in and sign-up, shared by the forms (Conform) and the API (Zod).
import * as z from 'zod';
import { MSG, PORTAL_MSG } from './messages';
import { hasControlCharacters } from './names';

const NAME_PATTERN = /^[A-Za-z\u00C0-\u024F' -]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EmailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { message: MSG.emailRequired, abort: true })
  .max(254, MSG.invalidEmail)
  .regex(EMAIL_PATTERN, MSG.invalidEmail);

export const OtpSchema = z
  .string({ error: PORTAL_MSG.codeShape })
  .trim()
  .regex(/^\d{6}$/, PORTAL_MSG.codeShape);

/** POST send-login-otp's body. */
export const SendLoginOtpSchema = z.object({ email: EmailSchema });
export type SendLoginOtpInput = z.input<typeof SendLoginOtpSchema>;
/** POST verify-otp's body. */
export const VerifyOtpSchema = z.object({ email: EmailSchema, otp: OtpSchema });
export type VerifyOtpInput = z.input<typeof VerifyOtpSchema>;

export const PhoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s()+.-]/g, '').replace(/^1(?=\d{10}$)/, ''))
  .pipe(z.string().regex(/^\d{10}$/, MSG.phoneDigits));

/** First and last names (spec 5 User form): required, letters, spaces, hyphens or apostrophes. */
export const FirstNameSchema = z
  .string({ error: MSG.firstNameRequired })
  .trim()
  .min(1, { message: MSG.firstNameRequired, abort: true })
  .max(100)
  .regex(NAME_PATTERN, MSG.firstNameChars);
export const LastNameSchema = z
  .string({ error: MSG.lastNameRequired })
  .trim()
  .min(1, { message: MSG.lastNameRequired, abort: true })
  .max(100)
  .regex(NAME_PATTERN, MSG.lastNameChars);

export const SignupSchema = z.object({
  legalName: z.string({ error: PORTAL_MSG.orgNameRequired }).trim().min(1, { message: PORTAL_MSG.orgNameRequired, abort: true }).max(200)
    .refine((name) => !hasControlCharacters(name), PORTAL_MSG.orgNameChars),
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  email: EmailSchema,
  phoneNumber: PhoneSchema.optional(),
});
export type SignupInput = z.infer<typeof SignupSchema>;
