import * as z from 'zod';
import { EmailSchema, OtpSchema } from '../../domain/auth-schemas';

export const EmailFormSchema = z.object({ email: EmailSchema });
export const CodeFormSchema = z.object({ code: OtpSchema });
