// The user form of spec 5 (Users screens, org and state): one schema for the API (Zod) and the UI's action,
// with the spec's messages verbatim. The form field roleId holds the role name (spec 3).
import * as z from 'zod';
import { EmailSchema, FirstNameSchema, LastNameSchema, PhoneSchema } from './auth-schemas';
import { USER_MSG } from './messages';
import { ORG_ROLES, STATE_ROLES, type RoleName } from './roles';

/** Roles an organization's users and the state's users may be given (GET roles/organization, roles/state). */
export const ORGANIZATION_USER_ROLES: readonly RoleName[] = ORG_ROLES;
export const STATE_USER_ROLES: readonly RoleName[] = STATE_ROLES;

/** An empty or missing phone is "not given"; a given one must be 10 digits ('+1 (608) 555-0100' is stored as 10 digits). */
const OptionalPhone = z.preprocess((v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v), PhoneSchema.optional());

/** The form's fields (spec 3 Organization user form) for users given one of `roles`. */
export function userFormSchema(roles: readonly RoleName[]) {
  return z.object({
    roleId: z
      .string({ error: USER_MSG.roleRequired })
      .trim()
      .min(1, { message: USER_MSG.roleRequired, abort: true })
      .refine((v): v is RoleName => (roles as readonly string[]).includes(v), USER_MSG.roleUnknown),
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    email: EmailSchema,
    phoneNumber: OptionalPhone,
  });
}

export type UserFormInput = { roleId: RoleName; firstName: string; lastName: string; email: string; phoneNumber?: string };

/** The fields of the form, in its order. */
export const USER_FORM_FIELDS = ['roleId', 'firstName', 'lastName', 'email', 'phoneNumber'] as const;
export type UserFormField = (typeof USER_FORM_FIELDS)[number];

/** Spec 4: a user counts as active when status equals active. */
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
