// The user profile of spec 3, as the API returns it and the UI reads it.
import type { RoleName, RoleType } from './roles';

export interface ProfileOrganization {
  id: string;
  name: string;
  status: string;
  role: { name: RoleName };
}

/** An organization's invitation the person has not answered yet (decision 093): they join only by accepting it. */
export interface ProfileInvitation {
  organizationId: string;
  name: string;
  role: { name: RoleName };
}

export interface UserProfile {
  id: string;
  email: string;
  phoneNumber: string | null;
  firstName: string;
  lastName: string;
  status: string;
  organizations: ProfileOrganization[];
  roles: { name: RoleName }[];
  roleType: RoleType;
  /** Pending invitations (organization accounts); not part of `organizations` nor `roles` until accepted. */
  invitations?: ProfileInvitation[];
}
