// The user form's rules (domain/user-form.ts userFormErrors) as the API's Zod schema: the same messages as field
// issues (400 with `errors` per field), the clean values out.
import * as z from 'zod';
import { userFormErrors, userPhone, type UserFormInput } from './user-form';
import type { RoleName } from './roles';

/** The API's schema: userFormErrors as field issues (400 with `errors` per field), the clean values out. */
export function userFormSchema(roles: readonly RoleName[]) {
  return z
    .object({
      roleId: z.unknown().optional(),
      firstName: z.unknown().optional(),
      lastName: z.unknown().optional(),
      email: z.unknown().optional(),
      phoneNumber: z.unknown().optional(),
    })
    .superRefine((values, ctx) => {
      for (const [field, message] of Object.entries(userFormErrors(values, roles))) ctx.addIssue({ code: 'custom', path: [field], message });
    })
    .transform((values): UserFormInput => {
      const phone = typeof values.phoneNumber === 'string' ? userPhone(values.phoneNumber) : '';
      return {
        roleId: String(values.roleId).trim() as RoleName,
        firstName: String(values.firstName).trim(),
        lastName: String(values.lastName).trim(),
        email: String(values.email).trim(),
        ...(phone ? { phoneNumber: phone } : {}),
      };
    });
}
