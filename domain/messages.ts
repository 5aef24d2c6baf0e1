// User-facing strings used verbatim from the spec (sections 4, 5, 8).
export const MSG = {
  somethingWentWrong: 'Something went wrong',
  inactiveAccount: 'Your account is marked as inactive in the system. Please contact support.',
  actionNotAllowed: 'Action not allowed for your role',
  couldNotSignUp: 'Could not sign up, please try again',
  signedUp: 'Signed up successfully',
  logoutFailed: 'Something went wrong while logging out',
  selectEntityTitle: 'Select the entity you want to continue with',
  selectOption: 'Select an option',
  selectEntity: 'Select an entity',
  fieldRequired: 'This field is required.',
  invalidEmail: 'Invalid email format',
  emailRequired: 'Email is required',
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  firstNameChars: 'First Name should only contain letters, spaces, hyphens, or apostrophes',
  lastNameChars: 'Last Name should only contain letters, spaces, hyphens, or apostrophes',
  phoneDigits: 'Phone number must be 10 digits',
  leavePage: 'Are you sure you want to leave this page?',
} as const;

/** Messages this portal adds where the spec has none. */
export const PORTAL_MSG = {
  codeSent: 'If that email belongs to an account, a 6-digit sign-in code is on its way. It is valid for 10 minutes.',
  codeInvalid: 'That code is not correct or has expired. Check the latest email, or ask for a new code.',
  codeBurned: 'Too many wrong tries: that code no longer works. Ask for a new code.',
  codeShape: 'Enter the 6-digit code from the email.',
  tooManyForEmail: 'Too many sign-in codes were requested for this email. Wait a few minutes, then try again.',
  tooManyForIp: 'Too many sign-in attempts from this network. Wait a few minutes, then try again.',
  signedOut: 'You have been signed out.',
  sessionExpired: 'Your session ended after a period of inactivity. Please sign in again.',
  organizationRequired: 'Please select an entity to continue.',
  organizationInactive: 'This organization is inactive. Please choose another one or contact support.',
  notSignedIn: 'Please sign in to continue.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  orgNameRequired: 'Organization legal name is required',
  requestBlocked: 'This request was blocked because it did not come from this portal. Please reload the page and try again.',
} as const;

/** Applications (spec 8) and the portal's own words where the spec has none. */
export const APPLICATION_MSG = {
  deleted: 'Application deleted successfully',
  cancelled: 'Application cancelled successfully',
  createFailed: 'Failed to create application',
  deleteFailed: 'Failed to delete application',
  cancelFailed: 'Failed to cancel application',
  fetchFailed: 'Failed to fetch applications',
  notFound: 'Application not found',
  onlyDraftDeleted: 'Only a draft application can be deleted.',
  onlyDraftCancelled: 'Only a draft application can be cancelled.',
  reasonRequired: 'Please enter the reason for cancelling.',
  adminOnly: 'Only an organization admin can do this. Please contact your organization admin.',
  ineligibleTechnology: 'This technology type is not eligible for round 1 of the programme: it must deliver at least 100/20 Mbps with latency at or below 100 ms. Please choose another technology.',
  unknownProgram: 'Please choose a programme.',
  unknownArea: 'Please choose a project area from the list.',
  unknownTechnology: 'Please choose a technology type from the list.',
  created: 'Application created',
} as const;
