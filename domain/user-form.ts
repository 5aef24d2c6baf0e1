// The user form of spec 5 (Users screens, org and state): one pure check, run by the API (through the Zod schema
// below) and by the form in the browser before it posts, with the spec's messages verbatim. The form field
// roleId holds the role name (spec 3). Pure, no zod: the browser runs it too (the API's schema: user-form-schema.ts).
import { MSG, USER_MSG } from './messages';
import { ORG_ROLES, STATE_ROLES, type RoleName } from './roles';

/** Roles an organization's users and the state's users may be given (GET roles/organization, roles/state). */
export const ORGANIZATION_USER_ROLES: readonly RoleName[] = ORG_ROLES;
export const STATE_USER_ROLES: readonly RoleName[] = STATE_ROLES;

/** The fields of the form, in its order. */
export const USER_FORM_FIELDS = ['roleId', 'firstName', 'lastName', 'email', 'phoneNumber'] as const;
export type UserFormField = (typeof USER_FORM_FIELDS)[number];
export type UserFormInput = { roleId: RoleName; firstName: string; lastName: string; email: string; phoneNumber?: string };

/** Spec 4: a user counts as active when status equals active. */
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** A user's status as an organization's list shows it: 'invited' while an existing account has not accepted (decision 093). */
export type MemberStatus = UserStatus | 'invited';

/** A user as the Users screens list them (spec 3 Organization user form: id, names, email, phone, roles, status). */
export interface UserRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  roles: { name: RoleName }[];
  status: MemberStatus;
}

const NAME_PATTERN = /^[A-Za-z\u00C0-\u024F' -]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 100;
const EMAIL_MAX = 254;

/** The phone as stored: 10 digits ('+1 (608) 555-0100' → '6085550100'); '' when not given; null when it is not a phone. */
export function userPhone(value: string): string | null {
  const digits = value.trim().replace(/[\s()+.-]/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits === '') return '';
  return /^\d{10}$/.test(digits) ? digits : null;
}

/**
 * Spec 5's rules: role, first name, last name and email required; names only letters, spaces, hyphens or
 * apostrophes; email {email} with no spaces; phone, if given, 10 digits. The first message of each field.
 */
export function userFormErrors(values: Partial<Record<UserFormField, unknown>>, roles: readonly RoleName[]): Partial<Record<UserFormField, string>> {
  const text = (name: UserFormField) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '');
  const errors: Partial<Record<UserFormField, string>> = {};
  const role = text('roleId');
  if (!role) errors.roleId = USER_MSG.roleRequired;
  else if (!(roles as readonly string[]).includes(role)) errors.roleId = USER_MSG.roleUnknown;
  const name = (field: 'firstName' | 'lastName', required: string, chars: string, label: string) => {
    const value = text(field);
    if (!value) errors[field] = required;
    else if (!NAME_PATTERN.test(value)) errors[field] = chars;
    else if (value.length > NAME_MAX) errors[field] = `${label} must be at most ${NAME_MAX} characters.`;
  };
  name('firstName', MSG.firstNameRequired, MSG.firstNameChars, 'First Name');
  name('lastName', MSG.lastNameRequired, MSG.lastNameChars, 'Last Name');
  const email = text('email');
  if (!email) errors.email = MSG.emailRequired;
  else if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) errors.email = MSG.invalidEmail;
  if (values.phoneNumber !== undefined && values.phoneNumber !== null) {
    if (typeof values.phoneNumber !== 'string' || userPhone(values.phoneNumber) === null) errors.phoneNumber = MSG.phoneDigits;
  }
  return errors;
}
