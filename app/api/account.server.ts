// A person's own account (decision 093): My account (names, phone, the email changed with a code sent to the new
// address) and the invitations they answer.
import { del, get, patch, post, seg, type ApiSession } from './client.server';
import type {
  AccountSaved, EmailChangeAsked, EmailChanged, InvitationAccepted, InvitationDeclined, OwnAccount,
} from '../../domain/api-schemas';
import type { z } from 'zod';
import type { EmailChangeBody, EmailCodeBody, OwnAccountBody } from '../../domain/api-requests';

/** The type of the schema the API documents GET account with (domain/api-schemas.ts). */
export type { OwnAccount } from '../../domain/api-schemas';

export const ownAccount = (api: ApiSession) => get<OwnAccount>(api, '/account');

/** 400 with `errors` keyed by field (firstName, lastName, phoneNumber). */
export const saveOwnAccount = (api: ApiSession, input: z.input<typeof OwnAccountBody>) =>
  patch<AccountSaved>(api, '/account', input);

/** A code to the new address; 400 (`errors.email`) for a bad or unchanged address, 429 past the limit. */
export const askEmailChange = (api: ApiSession, email: string) => post<EmailChangeAsked>(api, '/account/email', { email } satisfies z.input<typeof EmailChangeBody>);

/** 400 (`errors.code`) for a wrong code, 429 once it no longer works, 409 when no change waits or the email is taken. */
export const confirmEmailChange = (api: ApiSession, code: string) => post<EmailChanged>(api, '/account/email/confirm', { code } satisfies z.input<typeof EmailCodeBody>);

export const cancelEmailChange = (api: ApiSession) => del<{ message: string }>(api, '/account/email');

export const acceptInvitation = (api: ApiSession, organizationId: string) =>
  post<InvitationAccepted>(api, `/invitations/${seg(organizationId)}/accept`);

export const declineInvitation = (api: ApiSession, organizationId: string) =>
  post<InvitationDeclined>(api, `/invitations/${seg(organizationId)}/decline`);
