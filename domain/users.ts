// The user profile of spec 3, as the API returns it and the UI reads it: the types of the one schema the API
// documents (domain/api-schemas.ts, issue 44).
import type { z } from 'zod';
import type { ProfileInvitationSchema, ProfileOrganizationSchema, UserProfileSchema } from './api-schemas';

export type ProfileOrganization = z.infer<typeof ProfileOrganizationSchema>;
export type ProfileInvitation = z.infer<typeof ProfileInvitationSchema>;
export type UserProfile = z.infer<typeof UserProfileSchema>;
