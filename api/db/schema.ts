// One Postgres schema for PGlite and PostgreSQL alike (spec section 3 entities).
import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number'),
  status: text('status').notNull().default('active'),
  roleType: text('role_type').notNull(), // 'org' | 'state'
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  // The state's Users screen: state users by name (docs/decisions/033).
  index('users_role_type_name_idx').on(t.roleType, t.lastName, t.firstName, t.id),
]);

/** State users' roles (organization users hold theirs per membership). */
export const userRoles = pgTable('user_roles', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.role] })]);

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  legalName: text('legal_name').notNull(),
  status: text('status').notNull().default('active'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('organizations_legal_name_idx').on(t.legalName)]);

export const memberships = pgTable('memberships', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  /** 'active', 'inactive' (turned off by the organization), or 'invited': an invitation the person has not yet accepted (decision 093). */
  status: text('status').notNull().default('active'),
  /** Who invited an existing account to the organization (null: added as a new account, or seeded). */
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.organizationId] }),
  index('memberships_org_idx').on(t.organizationId),
]);

export const loginCodes = pgTable('login_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  wrongTries: integer('wrong_tries').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  burnedAt: timestamp('burned_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('login_codes_email_idx').on(t.email, t.createdAt)]);

export const apiTokens = pgTable('api_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** 'idle' when the idle rule ended it: such a token may still hold its user's posted answers. */
  revokedReason: text('revoked_reason'),
}, (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)]);

/** Answers posted by a Save that found the session ended, kept for their user until restored or expired. */
export const heldSubmissions = pgTable('held_submissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  formKey: text('form_key').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('held_submissions_user_form_key').on(t.userId, t.formKey), index('held_submissions_expires_idx').on(t.expiresAt)]);

/** Sliding-window rate limits, kept in the database so several app processes share them. */
export const rateLimitEvents = pgTable('rate_limit_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  bucket: text('bucket').notNull(),
  key: text('key').notNull(),
  createdAt: createdAt(),
}, (t) => [index('rate_limit_events_lookup_idx').on(t.bucket, t.key, t.createdAt)]);

/**
 * A change of an account's e-mail asked by its owner (decision 093): a code sent to the new address (stored hashed,
 * 10 minutes, 5 tries), a notice to the old one once it is confirmed. One open change per account.
 */
export const emailChanges = pgTable('email_changes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  wrongTries: integer('wrong_tries').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('email_changes_user_key').on(t.userId)]);

/** Development outbox: mail that would have been sent while SMTP_URL is unset. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
}, (t) => [index('outbox_to_idx').on(t.to, t.createdAt)]);

export const programs = pgTable('programs', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description'),
  dueDate: timestamp('due_date', { withTimezone: true }),
  unlockWindowStart: timestamp('unlock_window_start', { withTimezone: true }),
  unlockWindowEnd: timestamp('unlock_window_end', { withTimezone: true }),
  /** The office closed the unlock window before the due date (docs/decisions/034); null: open until the due date. */
  unlockWindowClosedAt: timestamp('unlock_window_closed_at', { withTimezone: true }),
  /** PASSED_TECHNICAL needs the technical review percentage at or above this (review rubric 4; decision 041). */
  technicalPassThreshold: doublePrecision('technical_pass_threshold').notNull().default(60),
  /** The BEAD rubric's maximum points per criterion (review rubric 5; decision 042); null: domain/rubric.ts defaults. */
  rubricMaxPoints: jsonb('rubric_max_points'),
  status: text('status').notNull().default('OPEN'),
  createdAt: createdAt(),
});

export const sections = pgTable('sections', {
  id: uuid('id').primaryKey().defaultRandom(),
  programId: uuid('program_id').notNull().references(() => programs.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  displayOrder: integer('display_order').notNull(),
  isEntityProfile: boolean('is_entity_profile').notNull().default(false),
}, (t) => [uniqueIndex('sections_program_slug_key').on(t.programId, t.slug)]);

export const questions = pgTable('questions', {
  id: uuid('id').primaryKey().defaultRandom(),
  sectionId: uuid('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
  systemNo: text('system_no').notNull(),
  text: text('text').notNull(),
  type: text('type').notNull(),
  responseType: text('response_type'),
  displayOrder: integer('display_order').notNull(),
  mandatory: boolean('mandatory').notNull().default(false),
  readOnly: boolean('read_only').notNull().default(false),
  instructions: text('instructions'),
  placeholder: text('placeholder'),
  responseOptions: jsonb('response_options'),
  tableColumns: jsonb('table_columns'),
  hasTemplate: boolean('has_template').notNull().default(false),
  templateFile: text('template_file'),
  minDate: text('min_date'),
  maxDate: text('max_date'),
  addMoreRows: boolean('add_more_rows').notNull().default(false),
  dependentSystemNo: text('dependent_system_no'),
  dependentResponseValue: text('dependent_response_value'),
  additionalMetadata: jsonb('additional_metadata'),
}, (t) => [
  index('questions_section_idx').on(t.sectionId, t.displayOrder),
  uniqueIndex('questions_section_system_no_key').on(t.sectionId, t.systemNo),
]);

export const projectAreas = pgTable('project_areas', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  unservedLocationsCount: integer('unserved_locations_count').notNull().default(0),
  underservedLocationsCount: integer('underserved_locations_count').notNull().default(0),
  servedLocationsCount: integer('served_locations_count').notNull().default(0),
  caiCount: integer('cai_count').notNull().default(0),
  isSample: boolean('is_sample').notNull().default(false),
}, (t) => [uniqueIndex('project_areas_name_key').on(t.name)]);

export const applications = pgTable('applications', {
  id: text('id').primaryKey(), // GA- + 6 upper-case letters/digits
  programId: uuid('program_id').notNull().references(() => programs.id),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id),
  status: text('status').notNull().default('DRAFT'),
  projectLocation: text('project_location'),
  technologyType: text('technology_type'),
  createdBy: uuid('created_by').references(() => users.id),
  submittedBy: uuid('submitted_by').references(() => users.id),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  cancelReason: text('cancel_reason'),
  /** The entity profile as submitted (ProfileSnapshot): what the state sees, whatever the profile says later. */
  profileSnapshot: jsonb('profile_snapshot'),
  profileSnapshotAt: timestamp('profile_snapshot_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // The organization's list (decision 012): its sort (created_at desc, id desc) read backwards, the filtered
  // columns in the key, so the count is an index-only scan whatever the filters, and the rest of the row the
  // page shows, so the page is an index-only scan too (no heap visit for the rows a filter skips; decision 020).
  index('applications_org_list_idx').on(
    t.organizationId, t.createdAt, t.id, t.status, t.projectLocation, t.programId, t.technologyType, t.submittedAt, t.submittedBy,
  ),
  // The organization's count under a place filter (decision 083): by organization and place, then created_at and
  // status, so the count reads only the entries of the chosen places (an index-only scan), where
  // applications_org_list_idx, led by the order, reads every entry of the organization in the date range.
  index('applications_org_filter_idx').on(t.organizationId, t.projectLocation, t.createdAt, t.status),
  // The state's list and dashboard: by status, newest submitted first; all submitted, newest first.
  index('applications_status_submitted_idx').on(t.status, t.submittedAt, t.id),
  index('applications_submitted_idx').on(t.submittedAt, t.id).where(sql`${t.submittedAt} is not null`),
  index('applications_location_idx').on(t.projectLocation),
  // The state's list (decision 028): its order (submitted_at desc nulls last, id desc) read forwards, and the
  // columns its filters and page read, so count and page are index-only scans; only what the state sees.
  index('applications_state_list_idx')
    .on(t.submittedAt.desc().nullsLast(), t.id.desc(), t.status, t.projectLocation, t.organizationId, t.programId)
    .where(sql`${t.status} not in ('DRAFT', 'CANCELLED')`),
  // The state list's count under its filters (decision 081): by status and place, then organization and program, so a
  // filtered count reads only the matching entries (an index-only scan), where applications_state_list_idx, led by
  // its order, would be read whole.
  index('applications_state_filter_idx')
    .on(t.status, t.projectLocation, t.organizationId, t.programId)
    .where(sql`${t.status} not in ('DRAFT', 'CANCELLED')`),
]);

export const answers = pgTable('answers', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
  value: jsonb('value'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('answers_application_question_key').on(t.applicationId, t.questionId)]);

/** Entity profile answers belong to the organization and show in every application. */
export const profileAnswers = pgTable('profile_answers', {
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
  value: jsonb('value'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.organizationId, t.questionId] })]);

export const applicationSections = pgTable('application_sections', {
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  sectionId: uuid('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('NOT_STARTED'),
  unlocked: boolean('unlocked').notNull().default(false),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.applicationId, t.sectionId] })]);

/** The audit trail: every change, who made it and when. Application ids are kept after a delete. */
export const loggedActions = pgTable('logged_actions', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Insertion order: breaks ties of created_at (PGlite's clock may not tell two statements of one transaction apart). */
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  applicationId: text('application_id'),
  organizationId: uuid('organization_id'),
  userId: uuid('user_id'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  comments: text('comments'),
  details: jsonb('details'),
  createdAt: createdAt(),
}, (t) => [
  // The histories' sort (created_at desc, seq desc) read backwards (decision 012).
  index('logged_actions_application_idx').on(t.applicationId, t.createdAt, t.seq),
  index('logged_actions_org_idx').on(t.organizationId, t.createdAt, t.seq),
  // The state's whole history (decision 031): unfiltered, by user, by action; an application id prefix (like 'GA-AB%').
  index('logged_actions_created_idx').on(t.createdAt, t.seq),
  index('logged_actions_user_idx').on(t.userId, t.createdAt, t.seq),
  index('logged_actions_action_idx').on(t.action, t.createdAt, t.seq),
  index('logged_actions_application_prefix_idx').on(t.applicationId.op('text_pattern_ops')),
]);

export const threads = pgTable('message_threads', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  applicationId: text('application_id'),
  subject: text('subject').notNull(),
  createdAt: createdAt(),
  /** When its newest message was sent: the lists show the newest activity first (docs/decisions/037). */
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('message_threads_org_idx').on(t.organizationId, t.createdAt),
  // The thread lists, paged in SQL: an organization's, and the state's (all or filtered by organization).
  index('message_threads_org_activity_idx').on(t.organizationId, t.lastMessageAt, t.id),
  index('message_threads_activity_idx').on(t.lastMessageAt, t.id),
]);

export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  threadId: uuid('thread_id').notNull().references(() => threads.id, { onDelete: 'cascade' }),
  senderId: uuid('sender_id').references(() => users.id),
  direction: text('direction').notNull(), // ORG_TO_STATE | STATE_TO_ORG
  content: text('content').notNull(),
  replyToMessageId: uuid('reply_to_message_id'),
  createdAt: createdAt(),
}, (t) => [index('messages_thread_idx').on(t.threadId, t.createdAt)]);

/** Files sent with a message (spec 5 Messages file rules); the bytes live in the storage under storage_key. */
export const messageAttachments = pgTable('message_attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  messageId: uuid('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  fileSize: integer('file_size').notNull(),
  fileType: text('file_type').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
}, (t) => [index('message_attachments_message_idx').on(t.messageId)]);

/** A message is unread for a side (org or state) until someone of that side opens the thread. */
export const messageReads = pgTable('message_reads', {
  threadId: uuid('thread_id').notNull().references(() => threads.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.threadId, t.userId] })]);


export const reviewAssignments = pgTable('review_assignments', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  reviewerId: uuid('reviewer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  reviewerType: text('reviewer_type').notNull(), // CTC_REVIEWER | RSM_REVIEWER | STATE_REVIEWER
  status: text('status').notNull().default('PENDING'), // PENDING | IN_PROGRESS | SUBMITTED
  assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  // Kept by the database (trigger review_assignments_times, migration 0016; decision 044), whoever writes the status:
  /** When the review first became IN_PROGRESS (or SUBMITTED straight from PENDING); kept through an unlock. */
  startedAt: timestamp('started_at', { withTimezone: true }),
  /** When the review was last SUBMITTED; null while it is not. */
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  /** When the assignment entered its current status (the stalled rule of domain/reviewers.ts measures from it). */
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('review_assignments_app_reviewer_key').on(t.applicationId, t.reviewerId),
  index('review_assignments_reviewer_idx').on(t.reviewerId),
  // The reviewers list (decision 044): newest assigned first, and the status / stalled filters.
  index('review_assignments_list_idx').on(t.assignedAt, t.id),
  index('review_assignments_status_idx').on(t.status, t.statusChangedAt),
]);

/** Uploaded files (spec 3 Document). The bytes live in the storage (DESIGN 2) under storage_key. */
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  programId: uuid('program_id').references(() => programs.id, { onDelete: 'set null' }),
  sectionId: uuid('section_id').references(() => sections.id, { onDelete: 'set null' }),
  applicationId: text('application_id').references(() => applications.id, { onDelete: 'set null' }),
  questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
  fileName: text('file_name').notNull(),
  description: text('description'),
  fileSize: integer('file_size').notNull(),
  fileType: text('file_type').notNull(),
  storageKey: text('storage_key').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** The first version's id when this is a later version of a library document (null: a first version). */
  versionOf: uuid('version_of'),
  /** 1 for a first upload; each new version of the document adds one. */
  version: integer('version').notNull().default(1),
  /** When a newer version replaced this one (null: the current version, the one the library lists). */
  replacedAt: timestamp('replaced_at', { withTimezone: true }),
}, (t) => [
  index('documents_org_created_idx').on(t.organizationId, t.createdAt),
  // One document per version number of a chain: of two new versions at once, the second answers 409 (decision 036).
  uniqueIndex('documents_chain_version_key').on(sql`coalesce(${t.versionOf}, ${t.id})`, t.version),
  // The library's page: the organization's current versions, newest first.
  index('documents_org_current_idx').on(t.organizationId, t.createdAt, t.id).where(sql`${t.deletedAt} is null and ${t.replacedAt} is null`),
]);

/**
 * A file chosen in a File question of the form and sent with a Save that did not succeed (no JavaScript):
 * held for its user, that application and question until a later Save promotes it to a document, a newer
 * file replaces it, or it expires (swept with its stored bytes). Never a document before a successful save.
 */
export const pendingUploads = pgTable('pending_uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  programId: uuid('program_id').notNull().references(() => programs.id, { onDelete: 'cascade' }),
  sectionId: uuid('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  fileSize: integer('file_size').notNull(),
  fileType: text('file_type').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('pending_uploads_user_question_key').on(t.userId, t.applicationId, t.questionId),
  index('pending_uploads_expires_idx').on(t.expiresAt),
]);

/**
 * A section of a submitted application opened for changes (spec 4 "Locks and unlocks", docs/decisions/034): an
 * organization admin's request (kind REQUEST: PENDING until the State Admin approves it) or the State Admin's own
 * unlock (kind ADMIN_UNLOCK, APPROVED at once). APPROVED while the section is open; RELOCKED once the organization
 * resubmitted it. `snapshot` holds the section's answers when it opened, so the relock records old and new values.
 */
/**
 * Who has an application's form open (issue 43 part 3): one row per person and application, refreshed by the page's
 * heartbeat. Kept in the database so several app processes see each other's visitors; a row older than the presence
 * window (domain/presence.ts) no longer counts and is replaced by the next beat.
 */
export const presence = pgTable('presence', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  sectionId: uuid('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
  editing: boolean('editing').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.applicationId] }), index('presence_application_seen_idx').on(t.applicationId, t.seenAt)]);

export const unlockRequests = pgTable('unlock_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  sectionId: uuid('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull().default('REQUEST'), // REQUEST | ADMIN_UNLOCK
  status: text('status').notNull().default('PENDING'), // PENDING | APPROVED | RELOCKED
  message: text('message').notNull(),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  relockedBy: uuid('relocked_by').references(() => users.id, { onDelete: 'set null' }),
  relockedAt: timestamp('relocked_at', { withTimezone: true }),
  snapshot: jsonb('snapshot'),
  createdAt: createdAt(),
}, (t) => [
  // One open unlock (waiting or approved) per section at a time: a second request answers 409.
  uniqueIndex('unlock_requests_open_key').on(t.applicationId, t.sectionId).where(sql`${t.status} in ('PENDING', 'APPROVED')`),
  // The lists (newest first): the state's by kind, by kind and status; the organization's.
  index('unlock_requests_kind_created_idx').on(t.kind, t.createdAt, t.id),
  index('unlock_requests_kind_status_created_idx').on(t.kind, t.status, t.createdAt, t.id),
  index('unlock_requests_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  index('unlock_requests_application_idx').on(t.applicationId),
]);

/**
 * A reviewer's conflict-of-interest declaration on an application in a stage (docs/decisions/038): made before the
 * answers are shown. conflict = true withdraws the assignment (the declaration stays, shown to admins with its note).
 */
export const reviewDeclarations = pgTable('review_declarations', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  reviewerId: uuid('reviewer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(), // GATING | TECHNICAL | STATE
  conflict: boolean('conflict').notNull(),
  note: text('note'),
  declaredAt: timestamp('declared_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('review_declarations_key').on(t.applicationId, t.reviewerId, t.stage)]);

/** A reviewer's mark of one reviewable question (domain/review-marks.ts MARK_RULES): Pass/Fail or a score, and a comment. */
export const reviewMarks = pgTable('review_marks', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  reviewerId: uuid('reviewer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(),
  questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
  passFail: text('pass_fail'), // PASS | FAIL (PASS_FAIL questions)
  score: doublePrecision('score'), // 0..max in half points (SCORE questions)
  comment: text('comment'),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('review_marks_key').on(t.applicationId, t.reviewerId, t.stage, t.questionId),
  index('review_marks_application_stage_idx').on(t.applicationId, t.stage),
]);

/** A section of a review submitted by its reviewer: its marks are read-only until the review is unlocked. */
export const reviewSectionSubmissions = pgTable('review_section_submissions', {
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  reviewerId: uuid('reviewer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(),
  sectionId: uuid('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.applicationId, t.reviewerId, t.stage, t.sectionId] })]);

/** A reviewer's decision on their review of a stage (submit-review-decision): RECOMMEND_PASS | RECOMMEND_FAIL and comments. */
export const reviewDecisions = pgTable('review_decisions', {
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  reviewerId: uuid('reviewer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(),
  decision: text('decision').notNull(),
  comments: text('comments').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.applicationId, t.reviewerId, t.stage] })]);

/** A submitted review unlocked by the stage admin (back to IN_PROGRESS), with the admin's comment. */
export const reviewUnlocks = pgTable('review_unlocks', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  reviewerId: uuid('reviewer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(),
  unlockedBy: uuid('unlocked_by').references(() => users.id, { onDelete: 'set null' }),
  comment: text('comment').notNull(),
  createdAt: createdAt(),
}, (t) => [index('review_unlocks_application_idx').on(t.applicationId, t.createdAt)]);

/** The State_Admin's consensus value of one question in a stage (review rubric 4), read by the review summary. */
export const reviewConsensus = pgTable('review_consensus', {
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(),
  questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
  overrideScore: doublePrecision('override_score'),
  overridePassFail: text('override_pass_fail'),
  adminComments: text('admin_comments'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.applicationId, t.stage, t.questionId] })]);

/**
 * An earlier pass through a stage's review (docs/decisions/047): when a revised application comes back into a stage's
 * review, that stage's (and every later stage's) marks, section submissions, decisions, unlocks, consensus values and
 * assignment states are copied here as they were and cleared from the live tables, which only ever hold the current
 * pass. pass = 1 for the first pass closed; the current pass of a stage is one more than its highest row here.
 */
export const reviewPasses = pgTable('review_passes', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(),
  pass: integer('pass').notNull(),
  /** The rows of the pass, as they were (column names as in schema.ts). */
  assignments: jsonb('assignments').notNull(),
  marks: jsonb('marks').notNull(),
  sectionSubmissions: jsonb('section_submissions').notNull(),
  decisions: jsonb('decisions').notNull(),
  unlocks: jsonb('unlocks').notNull(),
  consensus: jsonb('consensus').notNull(),
  /** The move that closed it (the application's status it came back from). */
  closedFromStatus: text('closed_from_status').notNull(),
  closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('review_passes_key').on(t.applicationId, t.stage, t.pass)]);

/**
 * The State_Admin's BEAD rubric scores of one application (review rubric 5; decision 042). totalScore is computed by
 * the server from the eight criteria; every change is audited (logged_actions RUBRIC_SCORE_UPDATED, old and new).
 */
export const rubricScores = pgTable('rubric_scores', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  technologyType: text('technology_type'),
  scoringContext: text('scoring_context'),
  totalOutlayFundsScore: doublePrecision('total_outlay_funds_score'),
  affordabilityScore: doublePrecision('affordability_score'),
  laborLawsComplianceScore: doublePrecision('labor_laws_compliance_score'),
  speedToDeploymentScore: doublePrecision('speed_to_deployment_score'),
  communityGovernmentSupportScore: doublePrecision('community_government_support_score'),
  communityAnchorInstitutionsScore: doublePrecision('community_anchor_institutions_score'),
  technicalCapabilityScore: doublePrecision('technical_capability_score'),
  universalityScore: doublePrecision('universality_score'),
  totalScore: doublePrecision('total_score').notNull().default(0),
  lastModifiedBy: uuid('last_modified_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [uniqueIndex('rubric_scores_application_key').on(t.applicationId)]);

export const schema = {
  users, userRoles, organizations, memberships, emailChanges, loginCodes, apiTokens, heldSubmissions, rateLimitEvents, outbox,
  programs, sections, questions, projectAreas, applications, answers, profileAnswers,
  applicationSections, loggedActions, threads, messages, messageAttachments, messageReads, reviewAssignments, documents, pendingUploads,
  unlockRequests, reviewDeclarations, reviewMarks, reviewSectionSubmissions, reviewDecisions, reviewUnlocks, reviewConsensus,
  rubricScores, reviewPasses,
};

/**
 * A stored file clamd could not scan yet (issue 44; docs/decisions/097): down, timed out or over its limits. Readable by
 * nobody (downloads, signed links, reviewers' screens and zips leave it out) until the retry job
 * (api/services/held-files.ts) scans it again: clean → the row goes (released); a virus → the file's rows and bytes go
 * and the uploader is e-mailed. Keyed by the storage key, which the document, pending upload or attachment row shares.
 */
export const heldFiles = pgTable('held_files', {
  storageKey: text('storage_key').primaryKey(),
  /** 'document' | 'pending-upload' | 'message-attachment' (what the file was sent as). */
  kind: text('kind').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  fileSize: integer('file_size').notNull(),
  sha256: text('sha256').notNull(),
  /** Scans tried and failed (the upload's own counts as the first). */
  attempts: integer('attempts').notNull().default(1),
  lastReason: text('last_reason').notNull(),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('held_files_next_attempt_idx').on(t.nextAttemptAt)]);
