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
  answersHeld: 'Your session ended after a period of inactivity. We kept the answers you typed: sign in again to see them.',
  answersRestored: 'We kept the answers you typed before your session ended. Check them and Save.',
  noHeldAnswers: 'No answers are kept for this form.',
  organizationRequired: 'Please select an entity to continue.',
  organizationInactive: 'This organization is inactive. Please choose another one or contact support.',
  notSignedIn: 'Please sign in to continue.',
  orgNameRequired: 'Organization legal name is required',
  orgNameChars: 'Organization legal name must not contain control characters.',
  requestBlocked: 'This request was blocked because it did not come from this portal. Please reload the page and try again.',
  databaseUnavailable: 'The portal cannot reach its database right now. Your work is safe; try again in a minute.',
  badCharacters: 'The request holds characters that are not allowed (a NUL character or a broken Unicode character). Remove them and try again.',
  malformedAddress: 'The address of this request is malformed (a broken %-escape). Check the link and try again.',
  dayInvalid: 'Dates are yyyy-MM-dd and must be real calendar days.',
  badRequest: 'This request could not be understood. Please go back and try again.',
  notAForm: 'This page accepts only a form sent from the portal. Please go back and try again.',
  methodNotAllowed: 'This address does not accept that kind of request. Please go back and try again.',
  formTooLarge: 'What you sent is too large for this form (the limit is 1 MB). Nothing was saved. Go back, shorten the longest answers and try again.',
  lengthRequired: 'This request did not say how large it is, so it was not read. Please try again from the portal\'s own page.',
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
  // Sections, answers and submission (spec 7: sections/{sectionId}, answers, submit).
  programNotFound: 'Programme not found',
  sectionNotFound: 'Section not found',
  questionNotFound: 'Question not found',
  questionNotInSection: 'This question is not part of this section.',
  answersNotInSection: 'Some answers do not belong to this section.',
  correctAnswers: 'Please correct the highlighted answers.',
  entityProfileReadOnly: 'The entity information is kept in the Entity Profile and cannot be changed inside an application.',
  cancelledReadOnly: 'This application is cancelled and can no longer be changed.',
  submittedReadOnly: 'This application has been submitted and can no longer be changed.',
  sectionLocked: 'This section is locked. Request an unlock to change it.',
  sectionSaved: 'Section saved successfully',
  incomplete: 'The application is not complete.',
  answersNeedAttention: (n: number) => (n === 1 ? '1 answer needs attention' : `${n} answers need attention`),
  onlyDraftSubmitted: 'Only a draft application, or one returned for revision, can be submitted.',
  submitted: 'Application submitted successfully',
  resubmitted: 'Application resubmitted successfully',
  // Spec 8: a print failure shows an error toast about downloading the PDF.
  printFailed: 'Failed to download the application PDF',
  // File questions: the answer names an uploaded document of the organization.
  fileNotFound: 'The uploaded file could not be found. Please upload it again.',
  fileRemoved: 'File removed',
  onlySubmittedPrinted: 'Only a submitted application can be printed.',
} as const;

/** The entity profile (spec 2, 6, 8). */
export const PROFILE_MSG = {
  saved: 'Profile saved successfully',
  staffCannotEdit: 'You are not allowed to edit the entity profile, please contact your organization admin.',
} as const;

/** Documents (spec 5 Files, spec 8) and the portal's own words where the spec has none. */
export const DOCUMENT_MSG = {
  uploaded: 'Document uploaded successfully',
  deleted: 'Document deleted successfully',
  fetchFailed: 'Failed to fetch documents',
  deleteFailed: 'Failed to delete document',
  getFileFailed: 'Failed to get file',
  notFound: 'Document not found',
  organizationRequired: 'Please choose an organization.',
  fileRequired: 'Please choose a file to upload.',
  fileEmpty: 'The file is empty.',
  fileNameTooLong: 'The file name is too long (at most 255 characters).',
  descriptionTooLong: 'The description is too long (at most 1000 characters).',
  programSectionNotFound: 'The selected program or section was not found. Please select them again.',
  questionNotInSection: 'This question is not part of the selected section.',
  fieldsAfterFile: 'The form fields must be sent before the file.',
  notMultipart: 'Send the upload as a multipart form.',
  malformedUpload: 'The upload could not be read: the form data is malformed. Please choose the file and try again.',
  linkInvalid: 'This link is not valid or has expired. Please open the document again.',
  fileMissing: 'The file of this document is no longer available.',
  storageUnavailable: 'The file store is not answering right now. Please try the upload again in a few minutes.',
  deleteNotAllowed: 'Only an organization admin or the person who uploaded this document can delete it.',
  /** A file chosen in a save that failed, held until the section is saved (docs/decisions/022). */
  pendingKept: (fileName: string) => `${fileName} is chosen and will be stored when the section is saved.`,
} as const;

/** Users screens (spec 4 User status toggle, 5 User form, 8) and the portal's own words where the spec has none. */
export const USER_MSG = {
  roleRequired: 'Role is required',
  roleUnknown: 'Please choose a role from the list.',
  added: 'User added successfully',
  updated: 'User updated successfully',
  addFailed: 'Could not add user',
  updateFailed: 'Failed to update user',
  toggleFailed: 'Failed to update user status',
  fetchFailed: 'Failed to fetch users',
  rolesFetchFailed: 'Failed to fetch roles',
  disableConfirm: 'Are you sure you want to Disable User?',
  notFound: 'User not found',
  cannotDisableSelf: 'You cannot disable your own account. Ask another admin to do it.',
  lastOrganizationAdmin: "This is the organization's last active Organization Admin. Make another user an active Organization Admin first.",
  lastStateAdmin: 'This is the last active State Admin. Make another state user an active State Admin first.',
  alreadyDisabled: 'This user has already been disabled (someone else changed it just now). The list shows the current status.',
  alreadyEnabled: 'This user has already been enabled (someone else changed it just now). The list shows the current status.',
  alreadyMember: 'This person is already a user of this organization.',
  emailTaken: 'Another account already uses this email.',
  stateEmail: 'This email belongs to a state account: it cannot be added to an organization.',
  enabled: (name: string) => `${name} is enabled.`,
  disabled: (name: string) => `${name} is disabled and signed out.`,
  // Accounts belong to their owners (docs/decisions/093).
  invited: (name: string) => `${name} already has an account: an invitation was sent. They become a user of this organization once they accept it.`,
  alreadyInvited: 'This person already has a pending invitation to this organization.',
  invitationPending: 'This person has not accepted the invitation yet: withdraw it, or wait for their answer.',
  invitationNotFound: 'There is no pending invitation of this person to this organization.',
  invitationWithdrawn: (name: string) => `The invitation of ${name} was withdrawn.`,
  accountFieldsOwners: "A person's name, email and phone belong to their account: only they can change them, under My account. Here you can change their role and their status in this organization.",
  accountDeactivated: 'This account was deactivated by the state broadband office. Only a State Admin can reactivate it.',
  tooManyAdded: 'Too many users were added here in a short time. Wait a few minutes, then try again.',
} as const;

/** An invitation as its invitee answers it (/org/select-organization, docs/decisions/093). */
export const INVITATION_MSG = {
  accepted: (organization: string) => `You are now a user of ${organization}.`,
  declined: (organization: string) => `You declined the invitation to ${organization}.`,
  notFound: 'This invitation is no longer pending.',
  inactiveOrganization: 'This organization is inactive: its invitation cannot be accepted.',
} as const;

/** My account (/org/account, /state/account; docs/decisions/093): a person's own name, phone and email. */
export const ACCOUNT_MSG = {
  saved: 'Your account was saved.',
  codeSent: (email: string) => `A 6-digit code is on its way to ${email}. Enter it below to confirm the change; it is valid for 10 minutes.`,
  emailSame: 'This is already the email of your account.',
  emailChanged: (email: string) => `Your email is now ${email}. Sign in with it from now on.`,
  noChangePending: 'There is no email change waiting for a code. Ask for a new code.',
  changeCancelled: 'The email change was cancelled.',
  tooManyCodes: 'Too many codes were asked for in a short time. Wait a few minutes, then try again.',
} as const;

/** The Organizations screen (/state/organizations, docs/decisions/035). */
export const ORGANIZATION_MSG = {
  updated: 'Organization updated successfully',
  fetchFailed: 'Failed to fetch organizations',
  deactivateConfirm: 'Are you sure you want to Deactivate Organization?',
  alreadyActive: 'This organization is already active (someone else changed it just now). The list shows the current status.',
  alreadyInactive: 'This organization is already inactive (someone else changed it just now). The list shows the current status.',
  inactiveOrganization: 'This organization is inactive: activate it before adding or enabling its users.',
} as const;
