// The state's review of one application (spec 7 "State and review"; issue 10 UI items 2-3):
// - GET review/applications/{id}: every section's answers (files as signed links), the organization, the project
//   area's counts, the status and current stage, the assigned reviewers with their assignment status, and what the
//   caller may do now (`allowedActions`, domain/workflow.ts). The state's view: organization users 403, a reviewer
//   not assigned 404 (the permissions table's 'read status').
// - POST review/applications/{id}/assign-reviewers {reviewerIds} and …/mark-review-in-progress: workflow actions
//   (applicationMoveRoute: the machine's 403/409), applied by api/services/review-assignments.ts.
// - GET users/all-reviewers-by-roles (?roles= or ?reviewerType=): the active reviewers the caller may assign, with
//   their open reviews.
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { forbidden, handler, parseInput } from '../http';
import { currentAuth, requireUser } from '../guard';
import { applicationMoveRoute, applicationRoute, visibleApplication, type MovableApplication } from '../services/application-access';
import { applicationSections, documents, organizations, programs } from '../db/schema';
import { loadAnswerState, loadProgram } from '../services/application-content';
import {
  assignedReviewers, assignReviewers, ASSIGNMENT_MSG, markReviewInProgress, reviewerRoleOf, reviewersByRoles, REVIEWER_TYPES,
  reviewerTypeOf,
} from '../services/review-assignments';
import { signedDocumentUrl } from './documents';
import { notHeld } from '../services/held-files';
import { declarationsOf, myReview } from '../services/reviews';
import { isQuestionVisible } from '../../domain/validation';
import { accessLevels, stageOf, VENDOR_STAGE } from '../../domain/permissions';
import { REVIEWER_ROLES, type RoleName } from '../../domain/roles';
import { ACTION_IDS, allowedActions, type ActionId } from '../../domain/workflow';
import type { FileValue } from '../../domain/questions';
import { moveGuards } from '../services/consensus-guards';
import { MoveAnswerSchema, ReviewApplicationSchema, ReviewerChoicesSchema, ReviewersAssignedSchema } from '../../domain/api-schemas';
import { doc } from '../openapi/declare';
import { AssignBody, UUID } from '../../domain/api-requests';



/** A list parameter given once comma-separated or repeated. */
const listParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)));

const ReviewersQuery = z.object({
  roles: listParam.refine((roles) => roles.every((r) => (REVIEWER_ROLES as readonly string[]).includes(r)), `roles must be among ${REVIEWER_ROLES.join(', ')}`),
  reviewerType: listParam.refine((types) => types.every((t) => (REVIEWER_TYPES as readonly string[]).includes(t)), `reviewerType must be among ${REVIEWER_TYPES.join(', ')}`),
});

/** The reviewer roles a caller may assign: every one for a role assigning in every stage, its vendor's for a stage admin. */
function assignableReviewerRoles(roles: readonly RoleName[]): RoleName[] {
  const out = new Set<RoleName>();
  for (const role of roles) {
    const levels = accessLevels(role, 'create', 'review-assignment');
    if (levels.includes('submitted') || levels.includes('any')) REVIEWER_ROLES.forEach((r) => out.add(r));
    const stage = VENDOR_STAGE[role];
    if (levels.includes('stage') && stage) out.add(reviewerRoleOf(stage));
  }
  return REVIEWER_ROLES.filter((r) => out.has(r));
}

const isFileValue = (value: unknown): value is FileValue =>
  !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as FileValue).documentId === 'string' && !!(value as FileValue).documentId;

export function reviewApplicationRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  router.get('/users/all-reviewers-by-roles', doc({ ok: ReviewerChoicesSchema, summary: 'Reviewers by role (to assign them)', query: ReviewersQuery, errors: [403] }), requireUser(ctx), handler(async (req, res) => {
    const { profile } = currentAuth(req);
    const query = parseInput(ReviewersQuery, req.query);
    const assignable = profile.roleType === 'state' ? assignableReviewerRoles(profile.roles.map((r) => r.name)) : [];
    if (assignable.length === 0) throw forbidden();
    const asked = [...query.roles, ...REVIEWER_ROLES.filter((r) => query.reviewerType.includes(reviewerTypeOf(r)))];
    const roles = asked.length > 0 ? assignable.filter((r) => asked.includes(r)) : assignable;
    res.json({ reviewers: await reviewersByRoles(ctx, roles) });
  }));

  router.get('/review/applications/:id', doc({ ok: ReviewApplicationSchema, summary: 'An application as the review screen shows it' }), ...applicationRoute(ctx, 'read', 'id', 'status'), handler(async (req, res) => {
    const { app, assignment } = visibleApplication(res);
    const { profile } = currentAuth(req);
    const program = await loadProgram(ctx.db, app.programId);
    const [state, [org], [programRow], sectionRows, reviewers, review, declarations] = await Promise.all([
      loadAnswerState(ctx.db, program, app),
      ctx.db.select({ id: organizations.id, legalName: organizations.legalName }).from(organizations).where(eq(organizations.id, app.organizationId)).limit(1),
      ctx.db.select({ name: programs.name }).from(programs).where(eq(programs.id, app.programId)).limit(1),
      ctx.db.select().from(applicationSections).where(eq(applicationSections.applicationId, app.id)),
      assignedReviewers(ctx, app.id),
      myReview(ctx, app, profile.id),
      declarationsOf(ctx, app.id),
    ]);
    // Decision 038: a reviewer of the current stage sees the answers once they declared no conflict of interest.
    const answersHidden = !!review && !(review.declaration && !review.declaration.conflict);
    const isAdmin = profile.roles.some((r) => accessLevels(r.name, 'create', 'review-assignment').length > 0 || accessLevels(r.name, 'read', 'review').includes('submitted'));

    // File answers: each stored document of the organization, as a short-lived signed link.
    const fileIds = [...new Set(Object.values(state.byQuestionId).filter(isFileValue).map((v) => v.documentId).filter((id) => UUID.test(id)))];
    const docs = fileIds.length
      ? await ctx.db
        .select({ id: documents.id, storageKey: documents.storageKey, fileType: documents.fileType, fileName: documents.fileName })
        .from(documents)
        // A file held for a virus scan is invisible to reviewers (decision 097).
        .where(and(inArray(documents.id, fileIds), eq(documents.organizationId, app.organizationId), isNull(documents.deletedAt), notHeld(documents.storageKey)))
      : [];
    const links = new Map(await Promise.all(docs.map(async (d) => [d.id, { fileName: d.fileName, signedUrl: await signedDocumentUrl(ctx, d, false) }] as const)));

    const unlocked = new Set(sectionRows.filter((s) => s.unlocked).map((s) => s.sectionId));
    const area = app.projectLocation ? state.areas.get(app.projectLocation) : undefined;
    const roles = profile.roles.map((r) => r.name);
    const mine = new Set(roles.flatMap((role) => allowedActions({ status: app.status, role, assignment })));
    res.json({
      application: {
        applicationId: app.id,
        programId: app.programId,
        program: { name: programRow?.name ?? '' },
        status: app.status,
        stage: stageOf(app.status),
        reviewerType: stageOf(app.status) ? reviewerTypeOf(reviewerRoleOf(stageOf(app.status)!)) : null,
        projectLocation: app.projectLocation,
        technologyType: app.technologyType,
        createdAt: app.createdAt,
        submittedAt: app.submittedAt,
        organization: { id: app.organizationId, legalName: state.profile.organizationName || org?.legalName || '' },
      },
      projectArea: area
        ? {
          name: area.name,
          unservedLocationsCount: area.unservedLocationsCount,
          underservedLocationsCount: area.underservedLocationsCount,
          servedLocationsCount: area.servedLocationsCount,
          caiCount: area.caiCount,
        }
        : null,
      sections: program.sections.map((s) => ({
        id: s.id,
        name: s.name,
        slug: s.slug,
        isEntityProfile: s.isEntityProfile,
        unlocked: unlocked.has(s.id),
        questions: (program.bySection.get(s.id) ?? []).map((q) => {
          const answer = answersHidden ? null : (state.byQuestionId[q.id] ?? null);
          return {
            id: q.id,
            systemNo: q.systemNo,
            text: q.text,
            type: q.type,
            responseType: q.responseType,
            displayOrder: q.displayOrder,
            tableColumns: q.tableColumns,
            additionalMetadata: q.additionalMetadata,
            visible: isQuestionVisible(q, state.bySystemNo),
            answer,
            file: isFileValue(answer) ? (links.get(answer.documentId) ?? null) : null,
          };
        }),
      })),
      assignedReviewers: reviewers,
      myAssignment: assignment,
      answersHidden,
      myReview: review,
      declarations: isAdmin ? declarations : [],
      allowedActions: ACTION_IDS.filter((id): id is ActionId => mine.has(id)),
      // Why an allowed Passed Gating / Passed Technical would still be refused (decision 041; null: it would pass).
      moveGuards: await moveGuards(ctx.db, app, ACTION_IDS.filter((id) => mine.has(id))),
    });
  }));

  router.post('/review/applications/:id/assign-reviewers', doc({ ok: ReviewersAssignedSchema, summary: 'Assign reviewers to the application\'s stage', body: AssignBody, errors: [409] }), ...applicationMoveRoute(ctx, 'assign-reviewers'), handler(async (req, res) => {
    const { app } = res.locals.application as MovableApplication;
    const { reviewerIds } = parseInput(AssignBody, req.body);
    const { profile } = currentAuth(req);
    const result = await assignReviewers(ctx, app, profile.id, reviewerIds);
    res.json({ message: ASSIGNMENT_MSG.assigned, ...result, assignedReviewers: await assignedReviewers(ctx, app.id) });
  }));

  router.post('/review/applications/:id/mark-review-in-progress', doc({ ok: MoveAnswerSchema, summary: 'Start my review', errors: [409] }), ...applicationMoveRoute(ctx, 'mark-review-in-progress'), handler(async (req, res) => {
    const { app } = res.locals.application as MovableApplication;
    const { profile } = currentAuth(req);
    await markReviewInProgress(ctx, app, profile.id);
    const roles = profile.roles.map((r) => r.name);
    const mine = new Set(roles.flatMap((role) => allowedActions({ status: app.status, role, assignment: 'IN_PROGRESS' })));
    res.json({ message: ASSIGNMENT_MSG.inProgress, id: app.id, status: app.status, allowedActions: ACTION_IDS.filter((id) => mine.has(id)) });
  }));

  return router;
}
