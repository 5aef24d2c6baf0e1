// Spec 5's user form rules (domain/user-form.ts): the one check the browser, the UI's action and the API run, with
// the spec's messages verbatim; and the history's words for the Users screens' entries (domain/history.ts).
import { describe, expect, it } from 'vitest';
import { userFormErrors, userPhone, ORGANIZATION_USER_ROLES, STATE_USER_ROLES } from '../../domain/user-form';
import { userFormSchema } from '../../domain/user-form-schema';
import { actionLabel, describeAction } from '../../domain/history';

const valid = { roleId: 'Organization_Staff', firstName: "Mary-Jo", lastName: "O'Brien", email: 'mj@example.org', phoneNumber: '' };

describe('the user form (spec 5)', () => {
  it('requires role, first name, last name and email with the spec messages', () => {
    expect(userFormErrors({}, ORGANIZATION_USER_ROLES)).toEqual({
      roleId: 'Role is required', firstName: 'First Name is required', lastName: 'Last Name is required', email: 'Email is required',
    });
    expect(userFormErrors(valid, ORGANIZATION_USER_ROLES)).toEqual({});
  });

  it('checks names, the email and a given phone', () => {
    expect(userFormErrors({ ...valid, firstName: 'Ann3', lastName: 'B_b', email: 'a b@example.org', phoneNumber: '555-0100' }, ORGANIZATION_USER_ROLES)).toEqual({
      firstName: 'First Name should only contain letters, spaces, hyphens, or apostrophes',
      lastName: 'Last Name should only contain letters, spaces, hyphens, or apostrophes',
      email: 'Invalid email format',
      phoneNumber: 'Phone number must be 10 digits',
    });
    expect(userFormErrors({ ...valid, phoneNumber: '+1 (608) 555-0100' }, ORGANIZATION_USER_ROLES)).toEqual({});
    expect(userPhone('+1 (608) 555-0100')).toBe('6085550100');
    expect(userPhone('  ')).toBe('');
    expect(userPhone('60855')).toBeNull();
  });

  it("takes only the side's roles", () => {
    expect(userFormErrors({ ...valid, roleId: 'State_Admin' }, ORGANIZATION_USER_ROLES).roleId).toBe('Please choose a role from the list.');
    expect(userFormErrors({ ...valid, roleId: 'State_Admin' }, STATE_USER_ROLES)).toEqual({});
  });

  it('gives the API the same messages per field and the clean values', () => {
    const refused = userFormSchema(ORGANIZATION_USER_ROLES).safeParse({ ...valid, firstName: ' ' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['firstName', 'First Name is required']]);
    expect(userFormSchema(ORGANIZATION_USER_ROLES).parse({ ...valid, email: ' mj@example.org ', phoneNumber: '(608) 555-0100' }))
      .toEqual({ roleId: 'Organization_Staff', firstName: 'Mary-Jo', lastName: "O'Brien", email: 'mj@example.org', phoneNumber: '6085550100' });
  });
});

describe("the Users screens' history entries", () => {
  const entry = (action: string, details: unknown) => ({ action, applicationId: null, fromStatus: null, toStatus: null, comments: null, details });
  it('reads as what was done to whom', () => {
    expect(actionLabel('USER_ADDED')).toBe('User added');
    expect(describeAction(entry('USER_ADDED', { name: 'Sam Staffer', email: 's@example.org', role: 'Organization_Staff' }))).toBe('Added the user Sam Staffer (s@example.org) as Organization Staff');
    expect(describeAction(entry('USER_UPDATED', { name: 'Sam Staffer', email: 's@example.org', changed: ['last name', 'role'] }))).toBe('Updated the user Sam Staffer (s@example.org) (last name, role)');
    expect(describeAction(entry('USER_DISABLED', { name: 'Sam Staffer', email: 's@example.org' }))).toBe('Disabled the user Sam Staffer (s@example.org)');
    expect(describeAction(entry('USER_ENABLED', null))).toBe('Enabled a user');
  });
});
