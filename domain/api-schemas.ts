// Response shapes of /api/v1 that the API documents (api/openapi/), the API's own sample checks read, and the UI's
// typed clients (app/api/*.server.ts) take their types from with z.infer: one schema each, so the document, the API
// and the screens cannot drift apart (issue 44, decision 098). Zod schemas and their types only.
import * as z from 'zod';
import { ALL_ROLES } from './roles';

/** Every refusal of the API (api/http.ts errorMiddleware): the message, and per field what was wrong (400). */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
}).meta({ id: 'Error' });
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/** An answer that only says what happened. */
export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

const IsoDate = z.string().describe('ISO 8601 date and time');

/** The paging envelope of every list (spec 3: page, pageSize, totalRecords, totalPages). */
export const PageEnvelope = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalRecords: z.number().int(),
});

export const RoleSchema = z.object({ name: z.enum(ALL_ROLES) });

/** An organization the person belongs to, with their role there. */
export const ProfileOrganizationSchema = z.object({ id: z.string(), name: z.string(), status: z.string(), role: RoleSchema });
/** An organization's invitation the person has not answered yet (decision 093): they join only by accepting it. */
export const ProfileInvitationSchema = z.object({ organizationId: z.string(), name: z.string(), role: RoleSchema });

/** The signed-in person (spec 3's user profile: GET users/me, and inside verify-otp's answer). */
export const UserProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.string(),
  organizations: z.array(ProfileOrganizationSchema),
  roles: z.array(RoleSchema),
  roleType: z.enum(['org', 'state']),
  /** Pending invitations (organization accounts); not part of `organizations` nor `roles` until accepted. */
  invitations: z.array(ProfileInvitationSchema).optional(),
}).meta({ id: 'UserProfile' });

/** A signed-in session: the bearer token for Authorization, and who it belongs to. */
export const SignedInSchema = z.object({
  token: z.string(),
  user: UserProfileSchema,
}).meta({ id: 'SignedIn' });

/** GET account: the caller's own account and the email change waiting for its code. */
export const OwnAccountSchema = z.object({
  user: UserProfileSchema,
  pendingEmailChange: z.object({ newEmail: z.string(), expiresAt: IsoDate }).nullable(),
}).meta({ id: 'OwnAccount' });
export type OwnAccount = z.infer<typeof OwnAccountSchema>;

/** GET program/all. */
export const ProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.string(),
}).meta({ id: 'Program' });
export type Program = z.infer<typeof ProgramSchema>;

/** GET organization/:orgId/application-counts. */
export const ApplicationCountsSchema = z.object({
  totalApplications: z.number().int(),
  draftApplications: z.number().int(),
  submittedApplications: z.number().int(),
}).meta({ id: 'ApplicationCounts' });
export type ApplicationCounts = z.infer<typeof ApplicationCountsSchema>;

/** One row of an organization's applications (GET organization/:orgId/applications). */
export const ApplicationRowSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  programId: z.string(),
  program: z.object({ name: z.string() }),
  programDuedate: IsoDate.nullable(),
  status: z.string(),
  projectLocation: z.string().nullable(),
  technologyType: z.string().nullable(),
  createdAt: IsoDate,
  submittedAt: IsoDate.nullable(),
  submittedByUser: z.object({ firstName: z.string(), lastName: z.string().nullable() }).nullable(),
}).meta({ id: 'ApplicationRow' });
export type ApplicationRow = z.infer<typeof ApplicationRowSchema>;

export const ApplicationListPageSchema = PageEnvelope.extend({
  applications: z.array(ApplicationRowSchema),
}).meta({ id: 'ApplicationListPage' });
export type ApplicationListPage = z.infer<typeof ApplicationListPageSchema>;

/** The Organizations screen (GET organization/with-users). */
export const OrganizationStatusSchema = z.enum(['active', 'inactive']);
export const OrganizationWithUsersSchema = z.object({
  id: z.string(),
  legalName: z.string(),
  status: OrganizationStatusSchema,
  userCount: z.number().int(),
  users: z.array(z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    roles: z.array(RoleSchema),
    status: z.enum(['active', 'inactive']),
  })),
}).meta({ id: 'OrganizationWithUsers' });
export const OrganizationsPageSchema = PageEnvelope.extend({
  organizations: z.array(OrganizationWithUsersSchema),
}).meta({ id: 'OrganizationsPage' });
export type OrganizationsPage = z.infer<typeof OrganizationsPageSchema>;
export type OrganizationWithUsers = z.infer<typeof OrganizationWithUsersSchema>;
export type OrganizationUserRow = OrganizationWithUsers['users'][number];

/** GET roles/organization and roles/state: the roles a user form offers (id and name are the role's name). */
export const RoleChoiceSchema = z.object({ id: z.enum(ALL_ROLES), name: z.enum(ALL_ROLES) }).meta({ id: 'RoleChoice' });
export type RoleChoice = z.infer<typeof RoleChoiceSchema>;

/** GET users/organization/:orgId/counts: an organization's members by their status there ('invited': a pending invitation). */
export const MemberCountsSchema = z.object({ active: z.number().int(), inactive: z.number().int(), invited: z.number().int() }).meta({ id: 'MemberCounts' });
export type MemberCounts = z.infer<typeof MemberCountsSchema>;

/** GET applications/:id/sections-status: each section of the application with its status. */
export const SectionStatusRowSchema = z.object({
  sectionId: z.string(),
  name: z.string(),
  slug: z.string(),
  displayOrder: z.number().int(),
  status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED']),
  unlocked: z.boolean(),
  isEntityProfile: z.boolean(),
}).meta({ id: 'SectionStatusRow' });
export type SectionStatusRow = z.infer<typeof SectionStatusRowSchema>;

/** POST applications/{id}/presence (issue 43, decision 101): the others who have the application's form open. */
export const PresenceAnswerSchema = z.object({
  others: z.array(z.object({ name: z.string(), sectionName: z.string(), editing: z.boolean() })),
});
export type PresenceAnswer = z.infer<typeof PresenceAnswerSchema>;
