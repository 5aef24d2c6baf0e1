// Response shapes of /api/v1 that the API documents (api/openapi/), the API's own sample checks read, and the UI's
// typed clients (app/api/*.server.ts) take their types from with z.infer: one schema each, so the document, the API
// and the screens cannot drift apart (issue 44, decision 098). Zod schemas and their types only.
import * as z from 'zod';
import { ALL_ROLES } from './roles';
import { ACTION_IDS, type ActionId } from './workflow';
import { UNLOCK_KINDS, UNLOCK_STATUSES } from './unlock-requests';
import { RUBRIC_FIELDS } from './rubric';
import { APPLICATION_STATUSES, STATUS_FILTERS } from './statuses';

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

// ---------------------------------------------------------------------------------------------
// Questions and answers as the application form and the review screen read them
// ---------------------------------------------------------------------------------------------

const Uuid = z.string().describe('UUID');
export const QuestionTypeSchema = z.enum(['Header', 'Text', 'Date', 'Dropdown', 'Checkbox', 'Radio', 'File', 'Table', 'Address']);
export const TextResponseTypeSchema = z.enum(['Multiline', 'Currency', 'PhoneNumber', 'Email', 'Url', 'Number']);
export const TableColumnSchema = z.object({
  name: z.string(),
  type: z.enum(['Text', 'Alphanumeric', 'ApplicationNumber', 'Number', 'Currency', 'Multiline', 'Dropdown', 'Readonly', 'Date']),
  options: z.array(z.string()).optional(),
}).meta({ id: 'TableColumn' });
export const QuestionMetadataSchema = z.object({
  condition: z.enum(['exact', 'min', 'max']).optional(),
  validation_length: z.number().optional(),
  validation_value: z.number().optional(),
  numericMax: z.number().optional(),
  percentOf: z.string().optional(),
  nameType: z.boolean().optional(),
  optionsFrom: z.enum(['projectAreas', 'technologyTypes']).optional(),
  filledFrom: z.string().optional(),
  mandatoryWhenPositive: z.string().optional(),
  multiple: z.boolean().optional(),
  hasTotals: z.boolean().optional(),
}).meta({ id: 'QuestionMetadata' });
export const AddressValueSchema = z.object({
  country: z.string(),
  state: z.string(),
  zip: z.string(),
  street_address_1: z.string(),
  street_address_2: z.string().optional(),
  city: z.string(),
  zip_4: z.string().optional(),
}).meta({ id: 'AddressValue' });
export const FileValueSchema = z.object({
  documentId: z.string(),
  fileName: z.string(),
  pendingUploadId: z.string().optional(),
}).meta({ id: 'FileValue' });
/** Text/Date/Dropdown/Radio: a string; Checkbox: the chosen names; File; Table: rows by column key; Address; empty: null. */
export const AnswerValueSchema = z.union([
  z.string(), z.array(z.string()), AddressValueSchema, FileValueSchema, z.array(z.record(z.string(), z.string())), z.null(),
]).meta({ id: 'AnswerValue' });

/** A question of a section as the form shows it, with its answer (GET applications/{id}/sections/{sectionId}). */
export const FormQuestionSchema = z.object({
  id: Uuid,
  sectionId: Uuid,
  systemNo: z.string(),
  text: z.string(),
  type: QuestionTypeSchema,
  responseType: TextResponseTypeSchema.nullable(),
  displayOrder: z.number().int(),
  mandatory: z.boolean(),
  readOnly: z.boolean(),
  instructions: z.string().nullable(),
  placeholder: z.string().nullable(),
  /** The choices of a Dropdown, Radio or Checkbox question (`subOptions`, as the question bank stores them, always empty here). */
  responseOptions: z.array(z.object({ id: z.number().int(), name: z.string(), subOptions: z.array(z.unknown()).optional() })).nullable(),
  tableColumns: z.array(TableColumnSchema).nullable(),
  hasTemplate: z.boolean(),
  templateUrl: z.string().nullable(),
  minDate: z.string().nullable(),
  maxDate: z.string().nullable(),
  addMoreRows: z.boolean(),
  dependentSystemNo: z.string().nullable(),
  dependentResponseValue: z.string().nullable(),
  additionalMetadata: QuestionMetadataSchema.nullable(),
  answer: AnswerValueSchema,
  visible: z.boolean(),
  /** Why the answer is refused as it stands (with ?required=true, also a mandatory question left empty). */
  error: z.string().optional(),
  /** A check that does not block saving (e.g. an amount above 25% of the total). */
  warning: z.string().optional(),
}).meta({ id: 'FormQuestion' });

/** GET applications/{id}/sections/{sectionId}: a section of the form with its questions and answers. */
export const SectionViewSchema = z.object({
  application: z.object({
    applicationId: z.string(),
    status: z.string(),
    projectLocation: z.string().nullable(),
    technologyType: z.string().nullable(),
    programId: Uuid,
    readOnly: z.boolean(),
    /** While REVISION_NEEDED: the state's comments and the sections it reopened. */
    revisionRequest: z.object({ comments: z.string().nullable(), sectionIds: z.array(z.string()), requestedAt: IsoDate }).nullable().optional(),
  }),
  section: z.object({
    id: Uuid,
    name: z.string(),
    slug: z.string(),
    displayOrder: z.number().int(),
    isEntityProfile: z.boolean(),
    status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED']),
    unlocked: z.boolean(),
    /** Changes with every saved change to the section's answers: a save sends back the one it started from. */
    version: z.string(),
  }),
  questions: z.array(FormQuestionSchema),
  /** Per question id, the checks that do not block saving. */
  warnings: z.record(z.string(), z.array(z.string())),
}).meta({ id: 'SectionView' });
export type SectionView = z.infer<typeof SectionViewSchema>;

/** POST applications/{id}/sections/{sectionId}/answers: saved, and the section as it now stands. */
export const SectionSavedSchema = SectionViewSchema.extend({ message: z.string() }).meta({ id: 'SectionSaved' });

// ---------------------------------------------------------------------------------------------
// The state's review of an application
// ---------------------------------------------------------------------------------------------

const ActionIdSchema = z.enum(ACTION_IDS as readonly ActionId[] as [ActionId, ...ActionId[]]);
const StageSchema = z.enum(['GATING', 'TECHNICAL', 'STATE']);
const ReviewerTypeSchema = z.enum(['CTC_REVIEWER', 'RSM_REVIEWER', 'STATE_REVIEWER']);
const AssignmentStatusSchema = z.enum(['PENDING', 'IN_PROGRESS', 'SUBMITTED']);

/** A status move made (POST review/applications/{id}/{actionId}, mark-review-in-progress): the new status and what the caller may do next. */
export const MoveAnswerSchema = z.object({
  message: z.string(),
  id: Uuid,
  status: z.string(),
  allowedActions: z.array(ActionIdSchema),
}).meta({ id: 'MoveAnswer' });
export type MoveAnswer = z.infer<typeof MoveAnswerSchema>;

export const AssignedReviewerSchema = z.object({
  reviewerId: Uuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  reviewerType: ReviewerTypeSchema,
  status: AssignmentStatusSchema,
  assignedAt: IsoDate,
}).meta({ id: 'AssignedReviewer' });

export const AreaCountsSchema = z.object({
  name: z.string(),
  unservedLocationsCount: z.number(),
  underservedLocationsCount: z.number(),
  servedLocationsCount: z.number(),
  caiCount: z.number(),
}).meta({ id: 'AreaCounts' });

export const ReviewQuestionSchema = z.object({
  id: Uuid,
  systemNo: z.string(),
  text: z.string(),
  type: QuestionTypeSchema,
  responseType: TextResponseTypeSchema.nullable(),
  displayOrder: z.number().int(),
  tableColumns: z.array(TableColumnSchema).nullable(),
  additionalMetadata: QuestionMetadataSchema.nullable(),
  /** Shown under the application's conditions (a hidden question's answer is not part of the application). */
  visible: z.boolean(),
  answer: AnswerValueSchema,
  /** A stored file answer: its name and a short-lived signed link. */
  file: z.object({ fileName: z.string(), signedUrl: z.string() }).nullable(),
}).meta({ id: 'ReviewQuestion' });

export const MyReviewSchema = z.object({
  stage: StageSchema,
  assignment: AssignmentStatusSchema,
  declaration: z.object({ conflict: z.boolean(), note: z.string().nullable(), declaredAt: IsoDate }).nullable(),
  marks: z.array(z.object({
    questionId: Uuid,
    passFail: z.enum(['PASS', 'FAIL']).nullable(),
    score: z.number().nullable(),
    comment: z.string().nullable(),
  })),
  submittedSectionIds: z.array(Uuid),
  decision: z.object({ decision: z.enum(['RECOMMEND_PASS', 'RECOMMEND_FAIL']), comments: z.string(), submittedAt: IsoDate }).nullable(),
  /** Per marked section, the version of my marks a save sends back (decision 099). */
  markVersions: z.record(z.string(), z.string()),
}).meta({ id: 'MyReview' });

/** GET review/applications/{id}: the application as the review screen shows it. */
export const ReviewApplicationSchema = z.object({
  application: z.object({
    applicationId: z.string(),
    programId: Uuid,
    program: z.object({ name: z.string() }),
    status: z.string(),
    stage: StageSchema.nullable(),
    /** The reviewer type of the current stage (who may be assigned now), null outside the stages. */
    reviewerType: ReviewerTypeSchema.nullable(),
    projectLocation: z.string().nullable(),
    technologyType: z.string().nullable(),
    createdAt: IsoDate,
    submittedAt: IsoDate.nullable(),
    organization: z.object({ id: Uuid, legalName: z.string() }),
  }),
  projectArea: AreaCountsSchema.nullable(),
  sections: z.array(z.object({
    id: Uuid,
    name: z.string(),
    slug: z.string(),
    isEntityProfile: z.boolean(),
    /** Reopened for the organization's revision. */
    unlocked: z.boolean(),
    questions: z.array(ReviewQuestionSchema),
  })),
  assignedReviewers: z.array(AssignedReviewerSchema),
  /** The caller's own assignment on it (reviewers). */
  myAssignment: AssignmentStatusSchema.nullable(),
  /** A reviewer who has not declared "no conflict of interest" yet gets no answers. */
  answersHidden: z.boolean(),
  myReview: MyReviewSchema.nullable(),
  /** Conflict-of-interest declarations, for the admins (empty for reviewers). */
  declarations: z.array(z.object({
    reviewerId: Uuid,
    firstName: z.string(),
    lastName: z.string(),
    stage: StageSchema,
    conflict: z.boolean(),
    note: z.string().nullable(),
    declaredAt: IsoDate,
  })),
  /** What the caller may do now, in menu order. */
  allowedActions: z.array(ActionIdSchema),
  /** Of those, Passed Gating / Passed Technical: why the consensus guard would refuse it now (null: it would pass). */
  moveGuards: z.partialRecord(ActionIdSchema, z.string().nullable()),
}).meta({ id: 'ReviewApplication' });
export type ReviewApplication = z.infer<typeof ReviewApplicationSchema>;

// ---------------------------------------------------------------------------------------------
// History, users, messages, unlock requests, the library, the state's dashboard
// ---------------------------------------------------------------------------------------------

const PersonName = z.object({ firstName: z.string(), lastName: z.string().nullable() });

/** One entry of an application's or the portal's history (GET logged-actions…). */
export const HistoryEntrySchema = z.object({
  id: Uuid,
  action: z.string(),
  entity: z.string().nullable(),
  applicationId: z.string().nullable(),
  organizationId: Uuid.nullable(),
  organizationName: z.string().nullable(),
  userId: Uuid.nullable(),
  /** Who did it (a state user is shown as the office: no email). */
  user: PersonName.extend({ email: z.string().nullable() }).nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  comments: z.string().nullable(),
  /** What the action recorded (its shape depends on the action). */
  details: z.unknown(),
  /** A rejection's reason, in words. */
  reason: z.string().nullable().optional(),
  /** The sections a revision reopened, by name. */
  sectionNames: z.array(z.string()).nullable().optional(),
  /** The reviewers an assignment named, by name. */
  reviewerNames: z.array(z.string()).nullable().optional(),
  createdAt: IsoDate,
}).meta({ id: 'HistoryEntry' });
export const HistoryPageSchema = PageEnvelope.extend({ loggedActions: z.array(HistoryEntrySchema) }).meta({ id: 'HistoryPage' });
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/** A user as the Users screens list them (domain/user-form.ts UserRow). */
export const UserRowSchema = z.object({
  id: Uuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roles: z.array(RoleSchema),
  status: z.enum(['active', 'inactive', 'invited']),
}).meta({ id: 'UserRow' });
export const UserListPageSchema = PageEnvelope.extend({ users: z.array(UserRowSchema) }).meta({ id: 'UserListPage' });
export type UserListPage = z.infer<typeof UserListPageSchema>;

const Direction = z.enum(['ORG_TO_STATE', 'STATE_TO_ORG']);
const Sender = z.object({ firstName: z.string(), lastName: z.string() });

/** A conversation as the lists show it (spec 3 Thread, with the unread count). */
export const ThreadSummarySchema = z.object({
  id: Uuid,
  organizationId: Uuid,
  organization: z.object({ legalName: z.string() }),
  applicationId: z.string().nullable(),
  /** The application's status now (null: none, or deleted). */
  applicationStatus: z.string().nullable(),
  subject: z.string(),
  content: z.string(),
  direction: Direction.nullable(),
  sender: Sender.nullable(),
  createdAt: IsoDate.nullable(),
  lastMessage: z.object({ id: Uuid, content: z.string(), createdAt: IsoDate.nullable() }).nullable(),
  lastMessageAt: IsoDate.nullable(),
  unreadCount: z.number().int(),
}).meta({ id: 'ThreadSummary' });
export const ThreadPageSchema = PageEnvelope.extend({
  limit: z.number().int(),
  total: z.number().int(),
  threads: z.array(ThreadSummarySchema),
}).meta({ id: 'ThreadPage' });
export type ThreadPage = z.infer<typeof ThreadPageSchema>;
export const ThreadMessageSchema = z.object({
  id: Uuid,
  senderId: Uuid.nullable(),
  sender: Sender.nullable(),
  direction: Direction,
  content: z.string(),
  createdAt: IsoDate,
  /** scanStatus/scanMessage: held for a virus scan, no link yet. */
  attachments: z.array(z.object({
    id: Uuid, fileName: z.string(), fileSize: z.number().int(), scanStatus: z.literal('NOT_SCANNED').optional(), scanMessage: z.string().optional(),
  })),
  organizationId: Uuid,
  applicationId: z.string().nullable(),
  replyToMessageId: Uuid.optional(),
}).meta({ id: 'ThreadMessage' });
/** GET messages/threads/{id}: the conversation and its messages, oldest first. */
export const ThreadSchema = ThreadSummarySchema.extend({ messages: z.array(ThreadMessageSchema) }).meta({ id: 'Thread' });
export type Thread = z.infer<typeof ThreadSchema>;

/** One unlock of a section: asked by the organization or a reviewer (REQUEST) or made by the State Admin (ADMIN_UNLOCK). */
export const UnlockRowSchema = z.object({
  id: Uuid,
  applicationId: z.string(),
  organizationId: Uuid,
  organizationName: z.string(),
  sectionId: Uuid,
  sectionName: z.string(),
  sectionSlug: z.string(),
  kind: z.enum(UNLOCK_KINDS),
  status: z.enum(UNLOCK_STATUSES),
  message: z.string(),
  createdAt: IsoDate,
  decidedAt: IsoDate.nullable(),
  relockedAt: IsoDate.nullable(),
  requestedBy: PersonName.nullable(),
  /** Who asked: the organization, or (a REQUEST from) a reviewer or stage admin on the review screen. */
  requestedBySide: z.enum(['organization', 'state']),
  decidedBy: PersonName.nullable(),
}).meta({ id: 'UnlockRow' });
export const UnlockListPageSchema = PageEnvelope.extend({
  total: z.number().int(),
  limit: z.number().int(),
  requests: z.array(UnlockRowSchema),
}).meta({ id: 'UnlockListPage' });
export type UnlockListPage = z.infer<typeof UnlockListPageSchema>;

/** GET applications/{id}/unlock-state: what the form's lock notices read. */
export const UnlockStateSchema = z.object({
  applicationId: z.string(),
  status: z.string(),
  windowOpen: z.boolean(),
  dueDate: z.string().nullable(),
  sections: z.array(z.object({
    sectionId: Uuid, unlocked: z.boolean(), pending: z.boolean(), unlockedByRequest: z.boolean(), requestRefusal: z.string().nullable(),
  })),
}).meta({ id: 'UnlockState' });
export type UnlockState = z.infer<typeof UnlockStateSchema>;

// ---------------------------------------------------------------------------------------------
// A reviewer's marking, the review summary, the consensus, the BEAD rubric
// ---------------------------------------------------------------------------------------------

const PassFailSchema = z.enum(['PASS', 'FAIL']);
const ReviewDecisionSchema = z.enum(['RECOMMEND_PASS', 'RECOMMEND_FAIL']);

/** POST review/applications/{id}/conflict-of-interest. */
export const ConflictDeclaredSchema = z.object({ message: z.string(), conflict: z.boolean(), stage: StageSchema }).meta({ id: 'ConflictDeclared' });
/** PUT review/applications/{id}/sections/{sectionId}/marks: saved; my assignment now, and the marks' new version. */
export const MarksSavedSchema = z.object({
  message: z.string(), stage: StageSchema, sectionId: Uuid, assignment: AssignmentStatusSchema, version: z.string(),
}).meta({ id: 'MarksSaved' });
/** POST review/applications/{id}/sections/{sectionId}/submit. */
export const SectionReviewSubmittedSchema = z.object({ message: z.string(), stage: StageSchema, sectionId: Uuid }).meta({ id: 'SectionReviewSubmitted' });
/** POST review/applications/{id}/submit-review-decision: the status the application moved to when it was the last review (else null). */
export const DecisionSubmittedSchema = z.object({ message: z.string(), stage: StageSchema, movedTo: z.string().nullable() }).meta({ id: 'DecisionSubmitted' });

const OverallScore = z.object({ actual: z.number(), possible: z.number(), percentage: z.number() });
const OverallPassFail = z.object({ passCount: z.number().int(), failCount: z.number().int(), total: z.number().int() });

/** GET review/applications/{id}/review-summary: the figures overall and per stage, with the decisions the caller may see. */
export const ReviewSummarySchema = z.object({
  applicationId: z.string(),
  programId: Uuid,
  overallScore: OverallScore,
  overallPassFail: OverallPassFail,
  stages: z.array(z.object({
    stage: StageSchema,
    overallScore: OverallScore,
    overallPassFail: OverallPassFail,
    /** Questions with a value (a consensus value or at least one submitted mark). */
    markedQuestions: z.number().int(),
    submittedReviews: z.number().int(),
    decisions: z.array(z.object({ reviewerId: Uuid, name: z.string(), decision: ReviewDecisionSchema, comments: z.string(), submittedAt: IsoDate })),
  })),
}).meta({ id: 'ReviewSummary' });
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ConsensusRowSchema = z.object({
  questionId: Uuid,
  systemNo: z.string(),
  text: z.string(),
  sectionName: z.string(),
  mode: z.enum(['PASS_FAIL', 'SCORE']),
  max: z.number().nullable(),
  /** Every submitted review's mark and comment, side by side. */
  reviews: z.array(z.object({ reviewerId: Uuid, name: z.string(), passFail: PassFailSchema.nullable(), score: z.number().nullable(), comment: z.string().nullable() })),
  mean: z.number().nullable(),
  majority: PassFailSchema.nullable(),
  /** Null in a reviewer's own sight: it would tell them how the others marked. */
  disagreement: z.boolean().nullable(),
  consensus: z.object({ overrideScore: z.number().nullable(), overridePassFail: PassFailSchema.nullable(), adminComments: z.string().nullable(), updatedAt: IsoDate }).nullable(),
}).meta({ id: 'ConsensusRow' });
/** GET review/applications/{id}/consensus: as far as the caller's sight goes ('all'; 'own': a reviewer's own marks only). */
export const ConsensusSchema = z.object({
  applicationId: z.string(),
  stage: StageSchema.nullable(),
  sight: z.enum(['all', 'own']).nullable(),
  questions: z.array(ConsensusRowSchema),
}).meta({ id: 'Consensus' });
export type Consensus = z.infer<typeof ConsensusSchema>;

const RubricFieldSchema = z.enum(RUBRIC_FIELDS);
const RubricScore = z.number().nullable();

/** GET rubric-scores/application/{id}/score: spec 3's Rubric score and the sheet (the suggestions and their figures). */
export const RubricSheetSchema = z.object({
  id: Uuid.nullable(),
  applicationId: z.string(),
  technologyType: z.string().nullable(),
  scoringContext: z.string().nullable(),
  totalOutlayFundsScore: RubricScore,
  affordabilityScore: RubricScore,
  laborLawsComplianceScore: RubricScore,
  speedToDeploymentScore: RubricScore,
  communityGovernmentSupportScore: RubricScore,
  communityAnchorInstitutionsScore: RubricScore,
  technicalCapabilityScore: RubricScore,
  universalityScore: RubricScore,
  totalScore: z.number(),
  lastModifiedBy: Uuid.nullable(),
  lastModifiedByName: z.string().nullable(),
  createdAt: IsoDate.nullable(),
  updatedAt: IsoDate.nullable(),
  deletedAt: IsoDate.nullable(),
  /** Whether a sheet was ever saved. */
  scored: z.boolean(),
  /** Changes with every saved change to the sheet: a save sends back the one it started from. */
  version: z.string(),
  maxTotal: z.number(),
  suggestedTotal: z.number(),
  criteria: z.array(z.object({
    field: RubricFieldSchema,
    label: z.string(),
    max: z.number(),
    /** How the suggestion is computed, in words. */
    how: z.string(),
    suggestion: z.number().nullable(),
    /** The numbers the suggestion came from, or why there is none. */
    basis: z.string(),
    saved: z.number().nullable(),
  })),
  /** The application's figures the suggestions read (its answers to the BEAD questions). */
  figures: z.object({
    applicationId: z.string(),
    programId: Uuid,
    status: z.string(),
    projectArea: z.string().nullable(),
    projectCost: z.number().nullable(),
    beadRequest: z.number().nullable(),
    unserved: z.number().nullable(),
    underserved: z.number().nullable(),
    cais: z.number().nullable(),
    locations: z.number().nullable(),
    outlayPerLocation: z.number().nullable(),
    planPrice: z.number().nullable(),
    monthsToDeploy: z.number().nullable(),
    laborCertified: z.boolean(),
    universal: z.boolean(),
    universalAnswer: z.string().nullable(),
    caisServed: z.number().nullable(),
  }).nullable(),
  /** The lowest figures over the applications of the same area the suggestions compare with. */
  comparison: z.object({ lowestOutlayPerLocation: z.number().nullable(), lowestPlanPrice: z.number().nullable(), applications: z.number().int() }),
  technicalPercentage: z.number().nullable(),
}).meta({ id: 'RubricSheet' });
export type RubricSheet = z.infer<typeof RubricSheetSchema>;
/** PUT rubric-scores/application/{id}/score: saved; the fields that changed, and the sheet as it now stands. */
export const RubricSavedSchema = RubricSheetSchema.extend({ message: z.string(), changed: z.array(RubricFieldSchema) }).meta({ id: 'RubricSaved' });

// ---------------------------------------------------------------------------------------------
// Dashboards, the state's applications list, the organizations filter, the Documents library
// ---------------------------------------------------------------------------------------------

/** GET organization/{orgId}/application-counts/by-status: every status with its count (0 when none), and ALL. */
export const ApplicationStatusCountsSchema = z.record(z.enum(STATUS_FILTERS), z.number().int()).meta({ id: 'ApplicationStatusCounts' });
export type ApplicationStatusCounts = z.infer<typeof ApplicationStatusCountsSchema>;
/** GET review/applications/dashboard/count: each status the state sees (0 when none), and ALL. */
export const StateStatusCountsSchema = z.partialRecord(z.enum(STATUS_FILTERS), z.number().int()).meta({ id: 'StateStatusCounts' });
export type StateStatusCounts = z.infer<typeof StateStatusCountsSchema>;

/** A reviewer of a listed application. */
export const ListedReviewerSchema = z.object({
  id: Uuid,
  firstName: z.string(),
  lastName: z.string(),
  reviewerType: z.string(),
  /** PENDING | IN_PROGRESS | SUBMITTED (spec 3 Review assignment status). */
  status: z.string(),
}).meta({ id: 'ListedReviewer' });
export const ReviewListRowSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  status: z.string(),
  submittedAt: IsoDate.nullable(),
  projectLocation: z.string().nullable(),
  organization: z.object({ id: Uuid, name: z.string() }),
  programId: Uuid,
  program: z.object({ name: z.string() }),
  reviewers: z.array(ListedReviewerSchema),
  /** The caller's actions on it now, in menu order. */
  allowedActions: z.array(ActionIdSchema),
}).meta({ id: 'ReviewListRow' });
/** GET review/applications and review/applications/applications/assigned. */
export const ReviewListPageSchema = PageEnvelope.extend({ applications: z.array(ReviewListRowSchema) }).meta({ id: 'ReviewListPage' });
export type ReviewListPage = z.infer<typeof ReviewListPageSchema>;

/** GET organization/all-organizations: the state's organization filter. */
export const OrganizationChoiceSchema = z.object({ id: Uuid, name: z.string(), status: OrganizationStatusSchema }).meta({ id: 'OrganizationChoice' });
export type OrganizationChoice = z.infer<typeof OrganizationChoiceSchema>;

/** A document of the organization's library (spec 3 Document) with its version and the application that holds it, if any. */
export const LibraryDocumentSchema = z.object({
  id: Uuid,
  fileName: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  fileSize: z.number().int(),
  fileType: z.string(),
  programId: Uuid.nullable(),
  programName: z.string().nullable(),
  sectionId: Uuid.nullable(),
  applicationId: z.string().nullable(),
  questionId: Uuid.nullable(),
  submittedBy: z.string().nullable(),
  uploadedBy: Uuid.nullable(),
  createdAt: IsoDate,
  /** The version chain: 1 for a first upload; `current` false for an earlier version. */
  version: z.number().int(),
  versionOf: Uuid.nullable(),
  current: z.boolean(),
  /** Held for a virus scan: nobody can open it yet. */
  scanStatus: z.literal('NOT_SCANNED').optional(),
  scanMessage: z.string().optional(),
  /** The application (or the entity profile, applicationId null) whose answer holds it, and its status. */
  usedBy: z.object({ applicationId: z.string().nullable(), status: z.string() }).nullable().optional(),
}).meta({ id: 'LibraryDocument' });
export type LibraryDocument = z.infer<typeof LibraryDocumentSchema>;
export const LibraryPageSchema = PageEnvelope.extend({ documents: z.array(LibraryDocumentSchema) }).meta({ id: 'LibraryPage' });
export type LibraryPage = z.infer<typeof LibraryPageSchema>;

// The types the UI's typed clients (app/api/*.server.ts) read, each the schema's own.
export type FormQuestion = z.infer<typeof FormQuestionSchema>;
export type SectionSaved = z.infer<typeof SectionSavedSchema>;
export type ReviewQuestion = z.infer<typeof ReviewQuestionSchema>;
export type ReviewSection = ReviewApplication['sections'][number];
export type MyReview = z.infer<typeof MyReviewSchema>;
export type Declaration = ReviewApplication['declarations'][number];
export type HistoryEntryRow = z.infer<typeof HistoryEntrySchema>;
export type UserRowAnswer = z.infer<typeof UserRowSchema>;
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;
export type ThreadMessage = z.infer<typeof ThreadMessageSchema>;
export type UnlockRow = z.infer<typeof UnlockRowSchema>;
export type ConflictDeclared = z.infer<typeof ConflictDeclaredSchema>;
export type MarksSaved = z.infer<typeof MarksSavedSchema>;
export type SectionReviewSubmitted = z.infer<typeof SectionReviewSubmittedSchema>;
export type DecisionSubmitted = z.infer<typeof DecisionSubmittedSchema>;
export type ConsensusRow = z.infer<typeof ConsensusRowSchema>;
export type RubricCriterionSheet = RubricSheet['criteria'][number];
export type RubricSaved = z.infer<typeof RubricSavedSchema>;
export type ListedReviewer = z.infer<typeof ListedReviewerSchema>;
export type ReviewListRow = z.infer<typeof ReviewListRowSchema>;

// ---------------------------------------------------------------------------------------------
// The messages badge, the history filters, the reviewers an admin may assign
// ---------------------------------------------------------------------------------------------

/** GET messages/unread/count: unread messages in all, per thread and per organization. */
export const UnreadCountsSchema = z.object({
  total: z.number().int(),
  byThread: z.array(z.object({ threadId: Uuid, count: z.number().int() })),
  byOrganization: z.array(z.object({ organizationId: Uuid, count: z.number().int() })),
}).meta({ id: 'UnreadCounts' });
export type UnreadCounts = z.infer<typeof UnreadCountsSchema>;

/** GET logged-actions/filters: the organizations, actions and people the caller's history filters offer. */
export const HistoryFilterChoicesSchema = z.object({
  organizations: z.array(z.object({ id: Uuid, name: z.string() })),
  actions: z.array(z.string()),
  users: z.array(z.object({ id: Uuid, firstName: z.string(), lastName: z.string(), email: z.string() })),
}).meta({ id: 'HistoryFilterChoices' });
export type HistoryFilterChoices = z.infer<typeof HistoryFilterChoicesSchema>;

/** GET users/all-reviewers-by-roles: the active reviewers of a type the caller may assign, with their open reviews. */
export const ReviewerChoiceSchema = z.object({
  id: Uuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ALL_ROLES),
  reviewerType: ReviewerTypeSchema,
  openReviews: z.number().int(),
}).meta({ id: 'ReviewerChoice' });
export const ReviewerChoicesSchema = z.object({ reviewers: z.array(ReviewerChoiceSchema) }).meta({ id: 'ReviewerChoices' });
export type ReviewerChoice = z.infer<typeof ReviewerChoiceSchema>;

// ---------------------------------------------------------------------------------------------
// Unlocks: asked, approved, made directly, resubmitted; the programmes' unlock windows
// ---------------------------------------------------------------------------------------------

/** POST unlock-requests and unlock-requests/review-request: the request is waiting for the State Admin. */
export const UnlockRequestedSchema = z.object({
  message: z.string(),
  detail: z.string(),
  id: Uuid,
  applicationId: z.string(),
  sectionId: Uuid,
  status: z.literal('PENDING'),
}).meta({ id: 'UnlockRequested' });
export type UnlockRequested = z.infer<typeof UnlockRequestedSchema>;
/** PUT unlock-requests/{id}/approve and POST unlock-requests/admin-unlock: the section is open. */
export const UnlockApprovedSchema = z.object({
  message: z.string(),
  id: Uuid,
  status: z.literal('APPROVED'),
  applicationId: z.string(),
  sectionId: Uuid,
}).meta({ id: 'UnlockApproved' });
export type UnlockApproved = z.infer<typeof UnlockApprovedSchema>;
/** POST applications/{id}/sections/{sectionId}/relock: locked again, with the answers that changed while it was open. */
export const SectionRelockedSchema = z.object({
  message: z.string(),
  applicationId: z.string(),
  sectionId: Uuid,
  changes: z.array(z.object({ questionId: Uuid, systemNo: z.string(), question: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
}).meta({ id: 'SectionRelocked' });
export type SectionRelocked = z.infer<typeof SectionRelockedSchema>;
/** A programme's unlock window (decision 039): open until the due date unless the office closed it. */
export const UnlockWindowSchema = z.object({
  programId: Uuid,
  programName: z.string(),
  dueDate: IsoDate.nullable(),
  closedAt: IsoDate.nullable(),
  open: z.boolean(),
}).meta({ id: 'UnlockWindow' });
export type UnlockWindow = z.infer<typeof UnlockWindowSchema>;
/** GET program/unlock-windows. */
export const UnlockWindowsSchema = z.object({ windows: z.array(UnlockWindowSchema) }).meta({ id: 'UnlockWindows' });
/** PUT program/{programId}/unlock-window. */
export const UnlockWindowSetSchema = z.object({ message: z.string(), window: UnlockWindowSchema }).meta({ id: 'UnlockWindowSet' });

// ---------------------------------------------------------------------------------------------
// User and account writes, invitations
// ---------------------------------------------------------------------------------------------

/** A user added, edited, turned on or off, or an invitation withdrawn: the user's row as the Users screens list it. */
export const UserWrittenSchema = z.object({ user: UserRowSchema }).meta({ id: 'UserWritten' });
export type UserWritten = z.infer<typeof UserWrittenSchema>;
/** PATCH account: saved, and which of the fields changed (in words). */
export const AccountSavedSchema = z.object({ message: z.string(), changed: z.array(z.string()) }).meta({ id: 'AccountSaved' });
export type AccountSaved = z.infer<typeof AccountSavedSchema>;
/** POST account/email: a code went to the new address. */
export const EmailChangeAskedSchema = z.object({ newEmail: z.string(), message: z.string() }).meta({ id: 'EmailChangeAsked' });
export type EmailChangeAsked = z.infer<typeof EmailChangeAskedSchema>;
/** POST account/email/confirm: the account's email now. */
export const EmailChangedSchema = z.object({ email: z.string(), message: z.string() }).meta({ id: 'EmailChanged' });
export type EmailChanged = z.infer<typeof EmailChangedSchema>;
/** POST invitations/{orgId}/accept: the organization joined, with the role there. */
export const InvitationAcceptedSchema = z.object({ organizationId: Uuid, name: z.string(), role: RoleSchema, message: z.string() }).meta({ id: 'InvitationAccepted' });
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;
/** POST invitations/{orgId}/decline. */
export const InvitationDeclinedSchema = z.object({ organizationId: Uuid, message: z.string() }).meta({ id: 'InvitationDeclined' });
export type InvitationDeclined = z.infer<typeof InvitationDeclinedSchema>;

// ---------------------------------------------------------------------------------------------
// Applications started, cancelled, deleted; project areas; organizations turned on and off; held answers; threads read
// ---------------------------------------------------------------------------------------------

/** POST applications/create: the new draft's number. */
export const ApplicationCreatedSchema = z.object({
  message: z.string(),
  applicationId: z.string(),
  id: z.string(),
  status: z.literal('DRAFT'),
}).meta({ id: 'ApplicationCreated' });
export type ApplicationCreated = z.infer<typeof ApplicationCreatedSchema>;
/** GET project-area/all and project-area/{area}: an area with its location counts. */
export const ProjectAreaSchema = z.object({
  id: Uuid,
  name: z.string(),
  unservedLocationsCount: z.number().int(),
  underservedLocationsCount: z.number().int(),
  servedLocationsCount: z.number().int(),
  caiCount: z.number().int(),
  isSample: z.boolean(),
}).meta({ id: 'ProjectArea' });
export type ProjectArea = z.infer<typeof ProjectAreaSchema>;
/** PUT organization/{orgId}/status. */
export const OrganizationStatusSetSchema = z.object({
  organization: z.object({ id: Uuid, legalName: z.string(), status: OrganizationStatusSchema }),
}).meta({ id: 'OrganizationStatusSet' });
export type OrganizationStatusSet = z.infer<typeof OrganizationStatusSetSchema>;
/** PUT held-submissions: held until `expiresAt`. */
export const AnswersHeldSchema = z.object({ formKey: z.string(), expiresAt: IsoDate }).meta({ id: 'AnswersHeld' });
/** GET held-submissions: the form's fields as posted, name and value. */
export const HeldAnswersSchema = z.object({
  formKey: z.string(),
  fields: z.array(z.tuple([z.string(), z.string()])),
  heldAt: IsoDate,
}).meta({ id: 'HeldAnswers' });
export type HeldAnswers = z.infer<typeof HeldAnswersSchema>;
/** POST messages/{id}/read: read up to `readAt` (null: a thread without messages). */
export const ThreadReadSchema = z.object({ threadId: Uuid, readAt: IsoDate.nullable() }).meta({ id: 'ThreadRead' });
export type ThreadRead = z.infer<typeof ThreadReadSchema>;

/** POST documents/upload: the document as the library lists it. */
export const DocumentUploadedSchema = z.object({ message: z.string(), document: LibraryDocumentSchema }).meta({ id: 'DocumentUploaded' });
export type DocumentUploaded = z.infer<typeof DocumentUploadedSchema>;
/** GET documents/{id}/signed-url: a short-lived link to the document's bytes. */
export const SignedUrlSchema = z.object({ signedUrl: z.string() }).meta({ id: 'SignedUrl' });
export type SignedUrl = z.infer<typeof SignedUrlSchema>;

/** GET section/all: a programme's sections in their order. */
export const ProgramSectionSchema = z.object({
  id: Uuid,
  name: z.string(),
  slug: z.string(),
  displayOrder: z.number().int(),
  isEntityProfile: z.boolean(),
}).meta({ id: 'ProgramSection' });
export type ProgramSection = z.infer<typeof ProgramSectionSchema>;

/** GET documents/{id}: the document (with the answer that holds it) and every live version of its chain, newest first. */
export const DocumentDetailsSchema = z.object({
  document: LibraryDocumentSchema,
  versions: z.array(z.object({
    id: Uuid,
    version: z.number().int(),
    fileName: z.string(),
    fileSize: z.number().int(),
    fileType: z.string(),
    uploadedBy: Uuid.nullable(),
    createdAt: IsoDate,
    replacedAt: IsoDate.nullable(),
    current: z.boolean(),
  })),
}).meta({ id: 'DocumentDetails' });
export type DocumentDetails = z.infer<typeof DocumentDetailsSchema>;
/** POST documents/{id}/new-version: the new current version, the one it replaced, and the drafts moved onto it. */
export const DocumentVersionAddedSchema = z.object({
  message: z.string(),
  document: LibraryDocumentSchema,
  previousId: Uuid,
  movedDrafts: z.array(z.string()),
}).meta({ id: 'DocumentVersionAdded' });
export type DocumentVersionAdded = z.infer<typeof DocumentVersionAddedSchema>;

/** GET dev/outbox: the mail kept for an address instead of sent, newest first. */
export const OutboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: IsoDate,
}).meta({ id: 'OutboxMail' });
export const OutboxSchema = z.array(OutboxMailSchema).meta({ id: 'Outbox' });

/** GET openapi.json: the document's top level (its parts are OpenAPI 3.1's own). */
export const OpenApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  tags: z.array(z.object({ name: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))),
  components: z.looseObject({}),
}).meta({ id: 'OpenApiDocument' });

/** POST messages: the message sent (a new thread or a reply) and its thread. */
export const MessageSentSchema = z.object({
  message: z.string(),
  threadId: Uuid,
  data: z.object({
    id: Uuid,
    senderId: Uuid,
    content: z.string(),
    createdAt: IsoDate,
    organizationId: Uuid,
    applicationId: z.string().nullable(),
    attachments: z.array(z.object({ fileName: z.string() })),
    replyToMessageId: Uuid.optional(),
  }),
}).meta({ id: 'MessageSent' });
export type MessageSent = z.infer<typeof MessageSentSchema>;
/** GET messages/attachments/{id}: a short-lived signed link to an attachment's bytes (spec 7: `data.url`). */
export const AttachmentLinkSchema = z.object({ data: z.object({ url: z.string(), fileName: z.string() }) }).meta({ id: 'AttachmentLink' });
export type AttachmentLink = z.infer<typeof AttachmentLinkSchema>;

// ---------------------------------------------------------------------------------------------
// The reviewers screen (GET review/applications/reviewers/all and /summary, decision 044)
// ---------------------------------------------------------------------------------------------

const ReviewerRoleSchema = z.enum(['State_Reviewer', 'CTC_Reviewer', 'RSM_Reviewer']);
const ReviewerPerson = z.object({ id: Uuid, firstName: z.string(), lastName: z.string(), email: z.string(), role: ReviewerRoleSchema });
/** One review assignment: its reviewer, application, stage, status, times, age, declaration and the stalled flag. */
export const ReviewerAssignmentRowSchema = z.object({
  id: Uuid,
  reviewer: ReviewerPerson,
  application: z.object({ id: z.string(), organizationName: z.string(), status: z.enum(APPLICATION_STATUSES) }),
  reviewerType: ReviewerTypeSchema,
  stage: StageSchema,
  status: AssignmentStatusSchema,
  assignedAt: IsoDate,
  startedAt: IsoDate.nullable(),
  submittedAt: IsoDate.nullable(),
  statusChangedAt: IsoDate,
  ageInDays: z.number().int(),
  declaration: z.enum(['NONE', 'NO_CONFLICT', 'CONFLICT']),
  stalled: z.boolean(),
}).meta({ id: 'ReviewerAssignmentRow' });
export type ReviewerAssignmentRow = z.infer<typeof ReviewerAssignmentRowSchema>;
export const ReviewerAssignmentsPageSchema = PageEnvelope.extend({ reviewers: z.array(ReviewerAssignmentRowSchema) }).meta({ id: 'ReviewerAssignmentsPage' });
export type ReviewerAssignmentsPage = z.infer<typeof ReviewerAssignmentsPageSchema>;
/** One holder of a reviewer role with their assignments counted by status. */
export const ReviewerSummaryRowSchema = z.object({
  reviewer: ReviewerPerson.extend({ active: z.boolean() }),
  reviewerType: ReviewerTypeSchema,
  stage: StageSchema,
  pending: z.number().int(),
  inProgress: z.number().int(),
  submitted: z.number().int(),
  stalled: z.number().int(),
  conflicts: z.number().int(),
}).meta({ id: 'ReviewerSummaryRow' });
export type ReviewerSummaryRow = z.infer<typeof ReviewerSummaryRowSchema>;
export const ReviewerSummaryPageSchema = PageEnvelope.extend({ reviewers: z.array(ReviewerSummaryRowSchema) }).meta({ id: 'ReviewerSummaryPage' });
export type ReviewerSummaryPage = z.infer<typeof ReviewerSummaryPageSchema>;

/** GET review/applications/{id}/passes: the earlier passes through the stages the caller may see (stage order, newest pass first). */
export const EarlierPassSchema = z.object({
  /** `${stage}-${pass}`, e.g. GATING-1. */
  key: z.string(),
  stage: StageSchema,
  pass: z.number().int(),
  endedAt: IsoDate,
  endedBy: z.object({ id: Uuid, name: z.string() }).nullable(),
  /** The status the application came back from. */
  backFrom: z.string(),
  sight: z.enum(['all', 'own']),
  reviewers: z.array(z.object({
    reviewerId: Uuid,
    name: z.string(),
    assignment: AssignmentStatusSchema.nullable(),
    submittedAt: IsoDate.nullable(),
    decision: z.object({ decision: ReviewDecisionSchema, comments: z.string(), submittedAt: IsoDate }).nullable(),
    unlocks: z.array(z.object({ comment: z.string(), unlockedAt: IsoDate, unlockedBy: z.string().nullable() })),
  })),
  questions: z.array(z.object({
    questionId: Uuid,
    systemNo: z.string(),
    text: z.string(),
    sectionName: z.string(),
    mode: z.enum(['PASS_FAIL', 'SCORE']),
    max: z.number().nullable(),
    marks: z.array(z.object({ reviewerId: Uuid, passFail: PassFailSchema.nullable(), score: z.number().nullable(), comment: z.string().nullable() })),
    consensus: z.object({ overrideScore: z.number().nullable(), overridePassFail: PassFailSchema.nullable(), adminComments: z.string().nullable() }).nullable(),
  })),
  summary: z.object({
    stage: StageSchema,
    overallScore: OverallScore,
    overallPassFail: OverallPassFail,
    markedQuestions: z.number().int(),
    submittedReviews: z.number().int(),
  }),
}).meta({ id: 'EarlierPass' });
export type EarlierPass = z.infer<typeof EarlierPassSchema>;
export const EarlierPassesSchema = z.object({ applicationId: z.string(), passes: z.array(EarlierPassSchema) }).meta({ id: 'EarlierPasses' });
export type EarlierPasses = z.infer<typeof EarlierPassesSchema>;

/** PUT review/applications/{id}/questions/{qid}/average-score: the question's consensus value as set. */
export const ConsensusSetSchema = z.object({
  message: z.string(),
  stage: StageSchema,
  questionId: Uuid,
  overrideScore: z.number().nullable(),
  overridePassFail: PassFailSchema.nullable(),
  adminComments: z.string().nullable(),
}).meta({ id: 'ConsensusSet' });
export type ConsensusSet = z.infer<typeof ConsensusSetSchema>;

// ---------------------------------------------------------------------------------------------
// Bulk moves, the candidate dashboard, reviewers assigned, a review unlocked, an application submitted, an answer by
// its number, the Entity Profile, a held upload
// ---------------------------------------------------------------------------------------------

/** The action a bulk move makes (its workflow id and the label the menus give it). */
export const BulkActionSchema = z.object({ id: ActionIdSchema, label: z.string() }).meta({ id: 'BulkAction' });
export type BulkAction = z.infer<typeof BulkActionSchema>;
/** A selected application as the action would meet it (GET review/applications/bulk); nothing is written. */
export const BulkPreviewRowSchema = z.object({
  applicationId: z.string(),
  /** null when the caller may not see the application (or it does not exist): `message` says 'Application not found'. */
  organization: z.object({ id: Uuid, name: z.string() }).nullable(),
  status: z.string().nullable(),
  allowed: z.boolean(),
  /** Why the row is refused, null when allowed. */
  message: z.string().nullable(),
  /** The reviewer type of the application's current stage (who Assign Reviewer chooses from), null outside a stage. */
  reviewerType: ReviewerTypeSchema.nullable(),
}).meta({ id: 'BulkPreviewRow' });
export type BulkPreviewRow = z.infer<typeof BulkPreviewRowSchema>;
/** GET review/applications/bulk: each selected application, allowed or refused on its own rules. */
export const BulkPreviewSchema = z.object({ action: BulkActionSchema, rows: z.array(BulkPreviewRowSchema) }).meta({ id: 'BulkPreview' });
export type BulkPreview = z.infer<typeof BulkPreviewSchema>;
/** What happened to one selected application (POST review/applications/bulk). */
export const BulkResultSchema = z.object({
  applicationId: z.string(),
  ok: z.boolean(),
  /** The status before the action (a refused row: its current status); null when not visible. */
  fromStatus: z.string().nullable(),
  /** The status after it (a refused or assignment row: the same as fromStatus). */
  status: z.string().nullable(),
  /** The action's success message, or the refusal's. */
  message: z.string(),
}).meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof BulkResultSchema>;
/** POST review/applications/bulk: each row moved (or assigned) in its own transaction, or refused on its own rules. */
export const BulkAnswerSchema = z.object({ action: BulkActionSchema, results: z.array(BulkResultSchema) }).meta({ id: 'BulkAnswer' });
export type BulkAnswer = z.infer<typeof BulkAnswerSchema>;

/** An application of the candidate dashboard (review rubric 6, decision 043), ranked in its area. */
export const CandidateSchema = z.object({
  applicationId: z.string(),
  projectArea: z.string().nullable(),
  organizationName: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  technologyType: z.string().nullable(),
  beadRequest: z.number().nullable(),
  unserved: z.number().nullable(),
  underserved: z.number().nullable(),
  /** unserved + underserved (null when question 22 gives neither). */
  locations: z.number().nullable(),
  /** BEAD request ÷ locations; null when it cannot be computed (ranked last). */
  outlayPerLocation: z.number().nullable(),
  /** The rubric's total; null when not scored. */
  rubricTotal: z.number().nullable(),
  /** 1 for the lowest outlay; ties share a rank; null without an outlay. */
  rank: z.number().int().nullable(),
  /** Within 15% of the area's lowest outlay per location. */
  withinBand: z.boolean(),
}).meta({ id: 'Candidate' });
export type Candidate = z.infer<typeof CandidateSchema>;
/** An area of the candidate dashboard: its lowest outlay, the band's limit and its ranked applications. */
export const CandidateAreaSchema = z.object({
  /** null: the applications without a project area (listed last). */
  projectArea: z.string().nullable(),
  lowestOutlay: z.number().nullable(),
  bandLimit: z.number().nullable(),
  applications: z.array(CandidateSchema),
}).meta({ id: 'CandidateArea' });
export type CandidateArea = z.infer<typeof CandidateAreaSchema>;
/** GET review/applications/candidate-dashboard: a page of areas (the envelope counts areas). */
export const CandidatePageSchema = PageEnvelope.extend({
  /** The applications the filters keep over every area (not only this page's). */
  totalApplications: z.number().int(),
  areas: z.array(CandidateAreaSchema),
  /** The project areas no application past gating covers. */
  emptyAreas: z.array(z.string()),
}).meta({ id: 'CandidatePage' });
export type CandidatePage = z.infer<typeof CandidatePageSchema>;

/** POST review/applications/{id}/assign-reviewers: the stage's reviewers as the list made them, and every assignment now. */
export const ReviewersAssignedSchema = z.object({
  message: z.string(),
  stage: StageSchema,
  /** Reviewer ids newly assigned, removed (PENDING ones left out of the list) and kept. */
  added: z.array(Uuid),
  removed: z.array(Uuid),
  kept: z.array(Uuid),
  assignedReviewers: z.array(AssignedReviewerSchema),
}).meta({ id: 'ReviewersAssigned' });
export type ReviewersAssigned = z.infer<typeof ReviewersAssignedSchema>;

/** PUT review/applications/applications/{id}/reviews/{reviewerId}/unlock: the reviewer's assignment is in progress again. */
export const ReviewUnlockedSchema = z.object({
  message: z.string(),
  stage: StageSchema,
  reviewerId: Uuid,
  status: z.literal('IN_PROGRESS'),
}).meta({ id: 'ReviewUnlocked' });
export type ReviewUnlocked = z.infer<typeof ReviewUnlockedSchema>;

/** POST applications/{id}/submit: a draft submitted, or a revision resubmitted. */
export const ApplicationSubmittedSchema = z.object({
  message: z.string(),
  applicationId: z.string(),
  status: z.enum(['SUBMITTED', 'RESUBMITTED']),
}).meta({ id: 'ApplicationSubmitted' });
export type ApplicationSubmitted = z.infer<typeof ApplicationSubmittedSchema>;

/** GET applications/{id}/questions-system-no/{systemNo}/answers: one answer by its question's number (null: none). */
export const AnswerBySystemNoSchema = z.object({
  systemNo: z.string(),
  questionId: Uuid,
  value: AnswerValueSchema,
}).meta({ id: 'AnswerBySystemNo' });
export type AnswerBySystemNo = z.infer<typeof AnswerBySystemNoSchema>;

/** A question of the Entity Profile with the organization's answer (the form's question without a template link or warnings). */
export const ProfileQuestionSchema = FormQuestionSchema.omit({ templateUrl: true, warning: true }).meta({ id: 'ProfileQuestion' });
/** GET organization/{orgId}/profile: the Entity Information questions, answered once per organization. */
export const EntityProfileSchema = z.object({
  organizationId: Uuid,
  section: z.object({ id: Uuid, name: z.string() }),
  /** The caller may not save it (an organization's staff). */
  readOnly: z.boolean(),
  /** Changes with every saved change to the profile: a save sends the one it started from (decision 099). */
  version: z.string(),
  questions: z.array(ProfileQuestionSchema),
}).meta({ id: 'EntityProfile' });
export type EntityProfile = z.infer<typeof EntityProfileSchema>;
/** POST organization/{orgId}/profile: saved, and the profile as it now stands. */
export const EntityProfileSavedSchema = EntityProfileSchema.extend({ message: z.string() }).meta({ id: 'EntityProfileSaved' });
export type EntityProfileSaved = z.infer<typeof EntityProfileSavedSchema>;

/** POST documents/pending: a File question's file held until the answer is saved (decision 022), or for a virus scan. */
export const PendingUploadHeldSchema = z.object({
  pendingUpload: z.object({
    id: Uuid,
    fileName: z.string(),
    fileSize: z.number().int(),
    questionId: Uuid,
    applicationId: z.string(),
    /** Dropped if no save takes it by then. */
    expiresAt: IsoDate,
    /** Held for a virus scan: "Not scanned yet". */
    scanStatus: z.literal('NOT_SCANNED').optional(),
    scanMessage: z.string().optional(),
  }),
}).meta({ id: 'PendingUploadHeld' });
export type PendingUploadHeld = z.infer<typeof PendingUploadHeldSchema>;
