// Unlock requests (spec 4 "Locks and unlocks", spec 7 unlock-requests, docs/decisions/034): pure rules shared by
// the API (api/routes/unlock-requests.ts) and the UI (the form's lock, the two lists). One place for when a section
// may be asked for, unlocked by the State Admin or locked again, and for the words shown.
import { isApplicationStatus, isSubmittedOrLater } from './statuses';
import { APPLICATION_MSG } from './messages';

export const UNLOCK_STATUSES = ['PENDING', 'APPROVED', 'RELOCKED'] as const;
export type UnlockStatus = (typeof UNLOCK_STATUSES)[number];
export const UNLOCK_KINDS = ['REQUEST', 'ADMIN_UNLOCK'] as const;
export type UnlockKind = (typeof UNLOCK_KINDS)[number];

/** The list's words for a status (badge colours: pending is a warning, approved a success, spec 4). */
export const UNLOCK_STATUS_LABEL: Readonly<Record<UnlockStatus, string>> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  RELOCKED: 'Locked again',
};

export const UNLOCK_MSG = {
  // Spec 4 and 8, verbatim.
  locked: 'The Application is Locked',
  windowClosed: 'and the applicant cannot request to unlock the application as the window is closed.',
  confirm: 'Are you sure you want to Send Unlock Request?',
  dialogTitle: 'Unlock Request',
  placeholder: 'Enter Message',
  sent: 'Request Sent Successfully',
  sentDetail: 'You will receive notification once State Admin unlocks the section',
  failed: APPLICATION_MSG.createFailed,
  unlockedTip: 'This section is unlocked for changes',
  // The portal's own words where the spec has none.
  messageRequired: 'Enter a message for the State Admin.',
  messageTooLong: 'The message can be at most 1000 characters.',
  applicationRequired: 'Choose an application.',
  sectionRequired: 'Choose a section.',
  notFound: 'Unlock request not found',
  sectionNotFound: 'Section not found',
  windowClosedRefusal: 'The unlock window of this programme is closed: the applicant cannot request to unlock the application.',
  draft: 'A draft application is not locked: change it and save.',
  cancelled: 'A cancelled application cannot be unlocked.',
  entityProfile: 'The entity information is changed in the Entity Profile; it cannot be unlocked here.',
  alreadyUnlocked: 'This section is already unlocked for changes.',
  pending: 'An unlock request for this section is already waiting for the State Admin.',
  pendingForAdmin: 'The organization has asked to unlock this section: approve its request instead.',
  alreadyApproved: 'This unlock request has already been approved.',
  alreadyRelocked: 'This unlock request was approved and the section has been locked again since.',
  notUnlocked: 'This section is not unlocked: there is nothing to resubmit.',
  revisionRelock: 'This section was reopened for the revision: resubmit the application to lock it again.',
  approved: 'Section unlocked: the organization can change it until it resubmits the section.',
  adminUnlocked: 'Section unlocked for the organization.',
  relocked: 'Section resubmitted: it is locked again.',
  reviewerOnly: 'Only a reviewer or stage admin of this application can ask the State Admin to unlock a section (the State Admin unlocks it directly).',
  reviewerDialogTitle: 'Request Unlock',
} as const;

/** Whether the programme's unlock window is open: until its due date, unless the office closed it (decision 034). */
export function unlockWindowOpen(program: { dueDate: Date | string | null; unlockWindowClosedAt: Date | string | null }, now = new Date()): boolean {
  if (program.unlockWindowClosedAt) return false;
  return !program.dueDate || now.getTime() < new Date(program.dueDate).getTime();
}

export type UnlockWindowStatus = 'open' | 'closed';

/** The office's toggle of a programme's window (docs/decisions/039). */
export const WINDOW_MSG = {
  closed: 'Unlock window closed: organizations can no longer request to unlock a section of this programme.',
  reopened: 'Unlock window reopened: organizations can request to unlock a section until the due date.',
  alreadyClosed: 'The unlock window of this programme is already closed (someone else closed it just now).',
  alreadyOpen: 'The unlock window of this programme is already open (someone else reopened it just now).',
  pastDue: 'The due date of this programme has passed: its unlock window closed then and cannot be reopened or closed here.',
  programNotFound: 'Programme not found',
  statusRequired: "Choose 'open' or 'closed'.",
  confirmClose: 'Are you sure you want to close the unlock window?',
  confirmCloseDetail: 'Organizations will no longer be able to request to unlock a section of this programme. Requests already waiting stay, and you can still unlock a section yourself.',
  confirmReopen: 'Are you sure you want to reopen the unlock window?',
  confirmReopenDetail: 'Organization admins will be able to request to unlock a section of this programme again, until its due date.',
} as const;

/**
 * Why the office may not set the window to `to` now (a stale toggle, or reopening past the due date), or null.
 * 409 for each; the screen offers only the other toggle, so a refusal means someone else changed it meanwhile.
 */
export function windowToggleRefusal(program: { dueDate: Date | string | null; unlockWindowClosedAt: Date | string | null }, to: UnlockWindowStatus, now = new Date()): string | null {
  const pastDue = !!program.dueDate && now.getTime() >= new Date(program.dueDate).getTime();
  if (to === 'closed') return program.unlockWindowClosedAt ? WINDOW_MSG.alreadyClosed : pastDue ? WINDOW_MSG.pastDue : null;
  if (pastDue) return WINDOW_MSG.pastDue;
  return program.unlockWindowClosedAt ? null : WINDOW_MSG.alreadyOpen;
}

/** The lock notice of a locked application (spec 4): continued when the window is closed. */
export function lockedNotice(windowOpen: boolean): string {
  return windowOpen ? UNLOCK_MSG.locked : `${UNLOCK_MSG.locked} ${UNLOCK_MSG.windowClosed}`;
}

export interface SectionLockFacts {
  /** The application's status. */
  status: string;
  isEntityProfile: boolean;
  /** application_sections.unlocked. */
  unlocked: boolean;
  /** An unlock of this section waits for the State Admin. */
  pending: boolean;
}

/**
 * Why this section cannot be opened now (by a request or by the State Admin), or null. 409 for each. In
 * REVISION_NEEDED a section the revision did not reopen is locked like any other and may be asked for (issue 41 item
 * 7); one it reopened is already unlocked. The resubmit locks every section again, these included (executeMove).
 */
export function unlockRefusal(facts: SectionLockFacts): string | null {
  if (facts.isEntityProfile) return UNLOCK_MSG.entityProfile;
  if (facts.status === 'DRAFT') return UNLOCK_MSG.draft;
  if (facts.status === 'CANCELLED' || !isApplicationStatus(facts.status) || !isSubmittedOrLater(facts.status)) return UNLOCK_MSG.cancelled;
  if (facts.unlocked) return UNLOCK_MSG.alreadyUnlocked;
  if (facts.pending) return UNLOCK_MSG.pending;
  return null;
}

/** Why the organization may not ask to unlock this section now (the window first closes it for everyone), or null. */
export function requestRefusal(facts: SectionLockFacts & { windowOpen: boolean }): string | null {
  return unlockRefusal(facts) ?? (facts.windowOpen ? null : UNLOCK_MSG.windowClosedRefusal);
}

export const MESSAGE_MAX = 1000;
