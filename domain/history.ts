// History entries in words a person reads (not raw JSON), and the actions the history's filter offers.
import { describeVirusRefusal, type VirusRefusalDetails } from './scanning';
import { statusLabel } from './statuses';
import { roleLabel } from './roles';

export interface HistoryEntry {
  action: string;
  applicationId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  comments: string | null;
  details: unknown;
  /** A rejection's reason (spec 3, ids 1-9), in words: the API resolves details.reasonId. */
  reason?: string | null;
  /** The sections a revision reopened (details.sectionIds), by name. */
  sectionNames?: string[] | null;
  /** The reviewers an assignment named (details.reviewerIds), by name. */
  reviewerNames?: string[] | null;
}

/** Every action the portal writes to the history, described; the history's filter offers them in this order. */
const ACTIONS: Record<string, (e: HistoryEntry) => string> = {
  STATUS_CHANGED: (e) =>
    `Changed the status${e.applicationId ? ` of ${e.applicationId}` : ''} from ${statusLabel(e.fromStatus ?? 'unknown')} to ${statusLabel(e.toStatus ?? 'unknown')}`,
  REVIEWERS_ASSIGNED: (e) => `Assigned the reviewers${e.applicationId ? ` of ${e.applicationId}` : ''}: ${e.reviewerNames?.length ? e.reviewerNames.join(', ') : 'none'}`,
  REVIEW_IN_PROGRESS: (e) => `Started the review of ${e.applicationId ?? 'an application'}`,
  // Reviewers' marking (docs/decisions/038): details carry the stage, the section and the marks.
  REVIEW_CONFLICT_DECLARED: (e) => ((e.details as { conflict?: boolean } | null)?.conflict
    ? `Declared a conflict of interest on ${e.applicationId ?? 'an application'} and was withdrawn from its review`
    : `Declared no conflict of interest on ${e.applicationId ?? 'an application'}`),
  REVIEW_MARKS_SAVED: (e) => {
    const d = (e.details ?? {}) as { sectionName?: string; marks?: { systemNo: string; passFail: string | null; score: number | null }[] };
    const marks = (d.marks ?? []).map((m) => `${m.systemNo}: ${m.passFail ?? m.score ?? 'cleared'}`);
    return `Saved review marks of ${d.sectionName ?? 'a section'}${marks.length ? ` (${marks.join(', ')})` : ''}`;
  },
  REVIEW_SECTION_SUBMITTED: (e) => `Submitted the review of the section ${((e.details ?? {}) as { sectionName?: string }).sectionName ?? ''}`.trim(),
  REVIEW_DECISION_SUBMITTED: (e) => {
    const decision = ((e.details ?? {}) as { decision?: string }).decision;
    return `Submitted the review decision on ${e.applicationId ?? 'an application'}: ${decision === 'RECOMMEND_PASS' ? 'Recommend Pass' : decision === 'RECOMMEND_FAIL' ? 'Recommend Fail' : 'unknown'}`;
  },
  REVIEW_UNLOCKED: (e) => `Unlocked a submitted review of ${e.applicationId ?? 'an application'}`,
  // A revised application back in a stage's review (docs/decisions/047): the earlier pass is kept, the stage starts again.
  REVIEW_PASS_STARTED: (e) => {
    const d = (e.details ?? {}) as { stage?: string; pass?: number; archivedPass?: number };
    const stage = d.stage ? `${d.stage.charAt(0)}${d.stage.slice(1).toLowerCase()}` : 'A';
    return `${stage} review pass ${d.pass ?? ''} started on ${e.applicationId ?? 'an application'}; pass ${d.archivedPass ?? ''} is kept as history`.replace(/\s+/g, ' ');
  },
  REVIEW_CONSENSUS_SET: (e) => {
    const d = (e.details ?? {}) as { systemNo?: string; to?: string | number | null };
    return `Set the consensus of question ${d.systemNo ?? ''} to ${d.to ?? 'none'}`.replace(/\s+/g, ' ');
  },
  // The BEAD rubric (docs/decisions/042): every changed criterion, old → new, and the total.
  RUBRIC_SCORE_UPDATED: (e) => {
    const d = (e.details ?? {}) as { changes?: { label?: string; field?: string; from: number | null; to: number | null }[]; totalFrom?: number | null; totalTo?: number };
    const changes = (d.changes ?? []).map((c) => `${c.label ?? c.field}: ${c.from ?? 'not scored'} → ${c.to ?? 'not scored'}`);
    const total = d.totalTo === undefined ? '' : `; total ${d.totalFrom ?? 0} → ${d.totalTo}`;
    return `Updated the rubric scores of ${e.applicationId ?? 'an application'}${changes.length ? ` (${changes.join('; ')}${total})` : ''}`;
  },
  APPLICATION_CREATED: (e) => `Created application ${e.applicationId ?? ''} as a draft`.trim(),
  APPLICATION_SUBMITTED: (e) => `Submitted application ${e.applicationId ?? ''}`.trim(),
  APPLICATION_RESUBMITTED: (e) => `Resubmitted application ${e.applicationId ?? ''}`.trim(),
  PROFILE_SNAPSHOT: (e) => `Kept the entity profile as submitted with ${e.applicationId ?? 'the application'}`,
  SECTION_SAVED: (e) => {
    const details = (e.details ?? {}) as { sectionName?: string; changed?: string[] };
    const changed = details.changed?.length ? ` (questions ${details.changed.join(', ')})` : '';
    return `Saved the section ${details.sectionName ?? ''}${changed}`.replace(/\s+/g, ' ').trim();
  },
  APPLICATION_CANCELLED: (e) => `Cancelled application ${e.applicationId ?? ''}`.trim(),
  APPLICATION_DELETED: (e) => `Deleted the draft application ${e.applicationId ?? ''}`.trim(),
  ORGANIZATION_SIGNED_UP: () => 'Registered the organization',
  PROFILE_SAVED: (e) => {
    const changed = (e.details as { changed?: string[] } | null)?.changed ?? [];
    return changed.length ? `Saved the entity profile (questions ${changed.join(', ')})` : 'Saved the entity profile';
  },
  PROJECT_AREAS_IMPORTED: () => 'Imported the project areas',
  DOCUMENT_UPLOADED: (e) => {
    const d = (e.details ?? {}) as { fileName?: string };
    return `Uploaded the document ${d.fileName ?? ''}${e.applicationId ? ` for ${e.applicationId}` : ''}`.replace(/\s+/g, ' ').trim();
  },
  // A file refused for a virus at upload, or removed once a held file was scanned (decision 097).
  UPLOAD_REFUSED_VIRUS: (e) => describeVirusRefusal((e.details ?? {}) as Partial<VirusRefusalDetails>),
  DOCUMENT_DELETED: (e) => `Deleted the document ${((e.details ?? {}) as { fileName?: string }).fileName ?? ''}`.trim(),
  // The documents library (docs/decisions/036): a new version names the drafts whose answers moved to it.
  DOCUMENT_VERSION_ADDED: (e) => {
    const d = (e.details ?? {}) as { fileName?: string; previousFileName?: string; version?: number; movedDrafts?: string[] };
    const moved = d.movedDrafts?.length ? ` (now in ${d.movedDrafts.join(', ')})` : '';
    return `Uploaded version ${d.version ?? ''} of the document ${d.previousFileName ?? ''}: ${d.fileName ?? ''}${moved}`.replace(/\s+/g, ' ').trim();
  },
  // The Users screens (docs/decisions/033): details name the user as they were then.
  USER_ADDED: (e) => {
    const d = userDetails(e);
    return `Added ${d.who}${d.role ? ` as ${roleLabel(d.role)}` : ''}${d.existing ? ' (an existing account)' : ''}`;
  },
  USER_UPDATED: (e) => {
    const d = userDetails(e);
    return `Updated ${d.who}${d.changed.length ? ` (${d.changed.join(', ')})` : ''}`;
  },
  USER_DISABLED: (e) => `Disabled ${userDetails(e).who}`,
  USER_ENABLED: (e) => `Enabled ${userDetails(e).who}${(e.details as { accountReactivated?: boolean } | null)?.accountReactivated ? ' and reactivated their account' : ''}`,
  // Accounts belong to their owners (docs/decisions/093): an existing account is invited, and answers itself.
  USER_INVITED: (e) => {
    const d = userDetails(e);
    return `Invited ${d.who}${d.role ? ` as ${roleLabel(d.role)}` : ''}`;
  },
  USER_INVITATION_ACCEPTED: (e) => `Accepted the invitation${userDetails(e).role ? ` as ${roleLabel(userDetails(e).role!)}` : ''}`,
  USER_INVITATION_DECLINED: () => 'Declined the invitation',
  USER_INVITATION_WITHDRAWN: (e) => `Withdrew the invitation of ${userDetails(e).who}`,
  ACCOUNT_UPDATED: (e) => {
    const changed = userDetails(e).changed;
    return `Updated their own account${changed.length ? ` (${changed.join(', ')})` : ''}`;
  },
  ACCOUNT_EMAIL_CHANGE_ASKED: () => 'Asked to change the email of their account (a code was sent to the new address)',
  ACCOUNT_EMAIL_CHANGED: () => 'Changed the email of their account',
  // The Organizations screen (docs/decisions/035): details name the organization and how many accounts it closed or reopened.
  ORGANIZATION_DEACTIVATED: (e) => `Deactivated the organization ${((e.details ?? {}) as { name?: string }).name ?? ''}`.trim(),
  ORGANIZATION_ACTIVATED: (e) => `Activated the organization ${((e.details ?? {}) as { name?: string }).name ?? ''}`.trim(),
  // Unlock requests (docs/decisions/034): the relock names each answer changed while the section was open, old → new.
  UNLOCK_REQUESTED: (e) => `Asked to unlock the section ${((e.details ?? {}) as { sectionName?: string }).sectionName ?? ''}`.trim(),
  SECTION_UNLOCKED: (e) => {
    const d = (e.details ?? {}) as { sectionName?: string; kind?: string; side?: string };
    const how = d.kind === 'ADMIN_UNLOCK' ? ' (State Admin unlock)' : d.kind === 'REQUEST' ? (d.side === 'state' ? " (approved a reviewer's request)" : " (approved the organization's request)") : '';
    return `Unlocked the section ${d.sectionName ?? ''} for changes${how}`.replace(/\s+/g, ' ');
  },
  SECTION_RELOCKED: (e) => {
    const d = (e.details ?? {}) as { sectionName?: string; move?: string; changes?: { systemNo: string; from: string | null; to: string | null }[] };
    const changes = (d.changes ?? []).map((c) => `${c.systemNo}: '${c.from ?? 'no answer'}' → '${c.to ?? 'no answer'}'`);
    // Locked by a status move (api/services/unlocks.ts lockOpenUnlocks): with the application's resubmit, or another move.
    const what = !d.move
      ? `Resubmitted the unlocked section ${d.sectionName ?? ''} and locked it again`
      : d.move === 'resubmit'
        ? `Resubmitted the unlocked section ${d.sectionName ?? ''} with the application, which locked it again`
        : `Locked the unlocked section ${d.sectionName ?? ''} again as the application's status moved`;
    return `${what}${changes.length ? ` (changed ${changes.join('; ')})` : ' (no answer changed)'}`.replace(/\s+/g, ' ');
  },
  // Messages (docs/decisions/037): details name the thread's subject and the files sent.
  MESSAGE_SENT: (e) => {
    const d = (e.details ?? {}) as { subject?: string; reply?: boolean; direction?: string; attachments?: string[] };
    const files = d.attachments?.length ? ` with ${d.attachments.length === 1 ? 'the file' : 'the files'} ${d.attachments.join(', ')}` : '';
    const to = d.direction === 'STATE_TO_ORG' ? 'the organization' : 'the State';
    return `${d.reply ? 'Replied to' : 'Sent'} ${to} ${d.reply ? 'in' : 'a message'} '${d.subject ?? ''}'${e.applicationId ? ` about ${e.applicationId}` : ''}${files}`;
  },
  // The office's toggle of a programme's unlock window (docs/decisions/039): the state's history (no organization).
  UNLOCK_WINDOW_CLOSED: (e) => `Closed the unlock window of ${((e.details ?? {}) as { programName?: string }).programName ?? 'a programme'}`,
  UNLOCK_WINDOW_REOPENED: (e) => `Reopened the unlock window of ${((e.details ?? {}) as { programName?: string }).programName ?? 'a programme'}`,
};

function userDetails(e: HistoryEntry) {
  const d = (e.details ?? {}) as { name?: string; email?: string; role?: string; existing?: boolean; changed?: string[] };
  const named = [d.name, d.email ? `(${d.email})` : ''].filter(Boolean).join(' ');
  const who = named ? `the user ${named}` : 'a user';
  return { who, role: d.role, existing: !!d.existing, changed: Array.isArray(d.changed) ? d.changed : [] };
}

export function describeAction(entry: HistoryEntry): string {
  const describe = ACTIONS[entry.action];
  if (describe) return describe(entry);
  return actionLabel(entry.action);
}

/** Filter labels where the code's own words would mislead: the relock is what the organization calls Resubmit section. */
const LABELS: Readonly<Record<string, string>> = {
  SECTION_RELOCKED: 'Section resubmitted',
};

/** An action code in words: 'STATUS_CHANGED' → 'Status changed'. */
export function actionLabel(action: string): string {
  if (LABELS[action]) return LABELS[action];
  const words = action.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The actions the history's filter offers. */
export const HISTORY_ACTIONS: readonly string[] = Object.keys(ACTIONS);

/** 'Submitted → Gating Review' for an entry that moved an application's status; '' for the others. */
export function statusMove(entry: Pick<HistoryEntry, 'fromStatus' | 'toStatus'>): string {
  // No move: an entry without statuses, or one that records the status it left unchanged (a review started).
  if ((!entry.fromStatus && !entry.toStatus) || entry.fromStatus === entry.toStatus) return '';
  return `${entry.fromStatus ? statusLabel(entry.fromStatus) : '—'} → ${entry.toStatus ? statusLabel(entry.toStatus) : '—'}`;
}
