// Request bodies (and the held answers' query) of /api/v1 that the UI sends: the zod schemas the routes validate with
// (each route's `doc({ body })` and `parseInput`), the document publishes (as `input`), and the UI's typed clients
// (app/api/*.server.ts) type their bodies with `z.input<typeof …>` through `import type` only: one schema each, so the
// UI, the API and the document cannot drift apart (issue 44, decision 098). The answers are domain/api-schemas.ts.
// Zod schemas only; the routes keep every rule that reads the database.
import { z } from 'zod';
import { APPLICATION_MSG, MSG, USER_MSG } from './messages';
import { EmailSchema, FirstNameSchema, LastNameSchema, OtpSchema } from './auth-schemas';
import { USER_STATUSES, userPhone } from './user-form';
import { BULK_MAX, BULK_MSG, COMMENTS_MAX } from './workflow';
import { CONSENSUS_MSG, MARK_COMMENT_MAX, MARK_MSG, REVIEW_DECISIONS } from './review-marks';
import { MESSAGE_MAX, UNLOCK_MSG, WINDOW_MSG } from './unlock-requests';
import { RUBRIC_FIELDS, RUBRIC_MSG } from './rubric';
import { TECHNOLOGY_TYPES } from './technology';
import { ASSIGNMENT_MSG } from './review-assignments';

import { UUID } from './ids';

export { UUID };
/** A uuid text, refused with `message`. */
export const uuid = (message: string) => z.string({ error: message }).regex(UUID, message);

/** A body's `version` (decision 099): absent (an older client) means the save is not checked. */
export const VersionField = z.string().max(100).optional();

/** One value or a list (a plain form posts one section id as a string); blanks dropped. */
const idList = z
  .union([z.string(), z.array(z.string().max(100)).max(100)])
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean));

// --- Applications (api/routes/applications.ts, sections.ts, presence.ts) ---

/** POST applications/create?organizationId. */
export const ApplicationCreateBody = z.object({
  programId: z.string({ error: APPLICATION_MSG.unknownProgram }).uuid(APPLICATION_MSG.unknownProgram),
  projectLocation: z.string({ error: APPLICATION_MSG.unknownArea }).trim().min(1, APPLICATION_MSG.unknownArea),
  technologyType: z.string({ error: APPLICATION_MSG.unknownTechnology }).refine((v) => TECHNOLOGY_TYPES.includes(v), APPLICATION_MSG.unknownTechnology),
});

/** POST applications/{id}/cancel. */
export const ApplicationCancelBody = z.object({
  message: z.string({ error: APPLICATION_MSG.reasonRequired }).trim().min(1, APPLICATION_MSG.reasonRequired).max(2000),
});

/** POST applications/{id}/sections/{sectionId}/answers. */
export const SectionSaveBody = z.object({
  answers: z
    .array(z.object({ questionId: z.string({ error: APPLICATION_MSG.questionNotInSection }).max(100), value: z.unknown() }), {
      error: 'answers must be a list of {questionId, value}',
    })
    .max(1000),
  /** The section's version the save started from (decision 099); without it the save is not checked. */
  version: VersionField,
});

/** POST applications/{id}/presence: the form's heartbeat. */
export const PresenceBeatBody = z.object({ sectionId: z.uuid(), editing: z.boolean().default(false) }).strict();

// --- The Entity Profile (api/routes/profile.ts) ---

/** POST organization/{orgId}/profile. */
export const ProfileSaveBody = z.object({
  answers: z.array(z.object({ questionId: z.string().uuid(), value: z.unknown() })).max(500),
  /** The profile's version the save started from (decision 099); without it the save is not checked. */
  version: VersionField,
});

// --- Unlock requests (api/routes/unlock-requests.ts) ---

/** POST unlock-requests?organizationId, unlock-requests/review-request and unlock-requests/admin-unlock. */
export const UnlockRequestBody = z.strictObject({
  applicationId: z.string({ error: UNLOCK_MSG.applicationRequired }).trim().min(1, UNLOCK_MSG.applicationRequired).max(20, APPLICATION_MSG.notFound),
  sectionId: z.string({ error: UNLOCK_MSG.sectionRequired }).trim().regex(UUID, UNLOCK_MSG.sectionRequired),
  message: z.string({ error: UNLOCK_MSG.messageRequired }).trim().min(1, UNLOCK_MSG.messageRequired).max(MESSAGE_MAX, UNLOCK_MSG.messageTooLong),
});

/** PUT program/{programId}/unlock-window. */
export const UnlockWindowBody = z.object({
  status: z.enum(['open', 'closed'], { error: WINDOW_MSG.statusRequired }),
});

// --- A reviewer's marking (api/routes/review-marking.ts; every body strict) ---

/** POST review/applications/{id}/conflict-of-interest. */
export const ConflictBody = z.strictObject({
  conflict: z.boolean({ error: MARK_MSG.declareFirst }),
  note: z.string().max(COMMENTS_MAX, `A note can be at most ${COMMENTS_MAX} characters.`).nullish(),
});

/** PUT review/applications/{id}/sections/{sectionId}/marks. */
export const MarksBody = z.strictObject({
  marks: z.array(z.strictObject({
    questionId: uuid('Unknown question'),
    passFail: z.enum(['PASS', 'FAIL'], { error: MARK_MSG.passFailRequired }).nullish(),
    score: z.number({ error: 'Please enter a number.' }).nullish(),
    comment: z.string().max(MARK_COMMENT_MAX, MARK_MSG.commentTooLong).nullish(),
  }), { error: 'marks must be a list' }).max(200),
  /** The version of the section's marks the save started from (decision 099); without it the save is not checked. */
  version: VersionField,
});

/** POST review/applications/{id}/sections/{sectionId}/submit: nothing. */
export const EmptyBody = z.strictObject({});

/** POST review/applications/{id}/submit-review-decision. */
export const DecisionBody = z.strictObject({
  decision: z.enum(REVIEW_DECISIONS, { error: MARK_MSG.decisionRequired }),
  comments: z.string({ error: MARK_MSG.commentsRequired }).max(COMMENTS_MAX, `Comments can be at most ${COMMENTS_MAX} characters.`)
    .refine((s) => s.trim().length > 0, MARK_MSG.commentsRequired),
});

/** PUT review/applications/applications/{id}/reviews/{reviewerId}/unlock: the stage admin's unlock of a review. */
export const ReviewUnlockBody = z.strictObject({
  comment: z.string({ error: MARK_MSG.unlockCommentRequired }).max(COMMENTS_MAX, `A comment can be at most ${COMMENTS_MAX} characters.`)
    .refine((s) => s.trim().length > 0, MARK_MSG.unlockCommentRequired),
});

/** PUT review/applications/{id}/questions/{qid}/average-score. */
export const ConsensusBody = z.strictObject({
  overrideScore: z.number({ error: CONSENSUS_MSG.valueRequired }).nullish(),
  overridePassFail: z.enum(['PASS', 'FAIL'], { error: CONSENSUS_MSG.valueRequired }).nullish(),
  /** Spec 7 names it; one value per question here (the mean of several reviewers is not set by parts). */
  overrideScoresArray: z.array(z.unknown()).max(100).nullish(),
  adminComments: z.string().max(MARK_COMMENT_MAX, MARK_MSG.commentTooLong).nullish(),
});

// --- The state's moves and assignments (api/routes/review-moves.ts, review-bulk.ts, review-application.ts) ---

/** The move's body (spec 7): {comments?}, rejected {reasonId, comments}, revision-needed {sectionIds, comments}, change-status {status, comments}. */
export const MoveBody = z.strictObject({
  comments: z.string().nullish(),
  reasonId: z.union([z.number(), z.string().trim()]).nullish().transform((v) => (v === '' || v == null ? null : Number(v))),
  sectionIds: idList.nullish(),
  status: z.string().trim().nullish(),
});

/** Application ids: a list, or a string (a comma list); each string may itself be a comma list. */
export const ApplicationIds = z
  .union([z.string().max(BULK_MAX * 60), z.array(z.string().max(BULK_MAX * 60)).max(BULK_MAX * 10, BULK_MSG.tooMany)], { error: BULK_MSG.applicationsRequired })
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** POST review/applications/bulk: the single move's body (MoveBody) with the action, the ids and assign-reviewers' reviewerIds. */
export const BulkBody = z.strictObject({
  action: z.string({ error: BULK_MSG.actionRequired }).nullish(),
  applicationIds: ApplicationIds,
  comments: z.string().nullish(),
  reasonId: z.union([z.number(), z.string().trim()]).nullish().transform((v) => (v === '' || v == null ? null : Number(v))),
  sectionIds: idList.nullish(),
  status: z.string().trim().nullish(),
  reviewerIds: idList.nullish(),
});

/** POST review/applications/{id}/assign-reviewers. */
export const AssignBody = z.object({
  reviewerIds: z
    .union([z.string(), z.array(z.string({ error: ASSIGNMENT_MSG.unknownReviewer })).max(100)], { error: ASSIGNMENT_MSG.reviewersRequired })
    .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean))
    .refine((ids) => ids.length > 0, ASSIGNMENT_MSG.reviewersRequired)
    .refine((ids) => ids.every((id) => UUID.test(id)), ASSIGNMENT_MSG.unknownReviewer),
});

// --- The BEAD rubric (api/routes/rubric-scores.ts) ---

/** Each criterion: a number, numeric text, or null (not scored); the bounds are checked by the service (400 per field). */
const score = z.union([z.number(), z.string().max(20), z.null()], { error: RUBRIC_MSG.notNumber }).optional();
const ignored = z.unknown().optional();

/** PUT rubric-scores/application/{id}/score. */
export const RubricBody = z.strictObject({
  ...Object.fromEntries(RUBRIC_FIELDS.map((f) => [f, score])) as Record<(typeof RUBRIC_FIELDS)[number], typeof score>,
  scoringContext: z.string().max(COMMENTS_MAX, `The scoring context can be at most ${COMMENTS_MAX} characters.`).nullish(),
  /** The sheet's version the save started from (decision 099); without it the save is not checked. */
  version: VersionField,
  // Read-only fields of spec 3's Rubric score, so a client may send back what it read: never taken.
  id: ignored, applicationId: ignored, technologyType: ignored, totalScore: ignored, lastModifiedBy: ignored,
  createdAt: ignored, updatedAt: ignored, deletedAt: ignored,
});

// --- Users and organizations (api/routes/users.ts, organizations.ts) ---

/** The spec's payloads: organizationId plus the form (create); update adds id (both optional here: the path names them). */
export const payloadIds = { id: z.string().optional(), organizationId: z.string().optional() };
/** Toggle (spec: id plus organizationId), with the status asked for: checked against the current one (409 when stale). */
export const ToggleBody = z.object({ status: z.enum(USER_STATUSES), ...payloadIds }).strict();
/** Withdrawing an invitation: whose (the invited account's id). */
export const WithdrawBody = z.object({ userId: z.string().regex(UUID, USER_MSG.notFound) }).strict();

/** PUT organization/{orgId}/status. */
export const OrganizationStatusBody = z.object({ status: z.enum(['active', 'inactive']) }).strict();

// --- My account (api/routes/account.ts) ---

/** PATCH account. */
export const OwnAccountBody = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  phoneNumber: z.string().optional().nullable()
    .refine((v) => v == null || userPhone(v) !== null, MSG.phoneDigits)
    .transform((v) => (v == null ? undefined : userPhone(v) || undefined)),
});
/** POST account/email. */
export const EmailChangeBody = z.object({ email: EmailSchema });
/** POST account/email/confirm. */
export const EmailCodeBody = z.object({ code: OtpSchema });

// --- Held answers (api/routes/held-submissions.ts) ---

const FormKey = z.string().trim().min(1).max(500);
/** PUT held-submissions. */
export const HoldBody = z.object({
  formKey: FormKey,
  fields: z.array(z.tuple([z.string().max(200), z.string().max(100_000)])).max(2000),
});
/** GET held-submissions?formKey. */
export const HeldFormQuery = z.object({ formKey: FormKey });
