// Demo data of DESIGN section 3: a fresh start shows a working portal.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  answers, applicationSections, applications, documents, loggedActions, memberships, messages, organizations, profileAnswers,
  programs, projectAreas, questions, reviewAssignments, reviewConsensus, reviewDeclarations, reviewDecisions, reviewMarks, reviewSectionSubmissions,
  sections, threads, userRoles, users,
} from '../db/schema';
import { BEAD_ROUND_1_SECTIONS, TECHNOLOGY_TYPES } from './question-bank';
import { DEMO_FILES, demoApplicationAnswers, demoDocument, demoProfileAnswers, type DemoApplication, type DemoOrganization } from './demo-answers';
import { STATE_ACCOUNT, walk, type Walk, type WalkPlan } from './workflow-walk';
import { demoConsensus, demoGuardProblem, demoReview, emptyDemoReviewRows, type DemoQuestion } from './demo-reviews';
import { guardedStage } from '../../domain/consensus-guards';
import { allowedActions, rejectReasonText, stageReviewStatuses, STAGES, workflowAction } from '../../domain/workflow';
import type { Storage } from '../storage/types';
import type { ApplicationStatus } from '../../domain/statuses';
import type { RoleName } from '../../domain/roles';

const DAY = 24 * 60 * 60 * 1000;

interface SeedUser {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string;
  status?: 'active' | 'inactive';
  stateRole?: RoleName;
  orgRoles?: [org: string, role: RoleName][];
}

export const SEED_ORGANIZATIONS = [
  { key: 'lakeview', legalName: 'Lakeview Fiber Cooperative', status: 'active' },
  { key: 'summit', legalName: 'Summit Rural Telephone', status: 'active' },
  { key: 'oldmill', legalName: 'Old Mill Wireless', status: 'inactive' },
] as const;

export const SEED_USERS: SeedUser[] = [
  { email: 'org.admin@example.org', firstName: 'Olivia', lastName: 'Admin', phoneNumber: '6085550101', orgRoles: [['lakeview', 'Organization_Admin'], ['summit', 'Organization_Staff']] },
  { email: 'org.staff@example.org', firstName: 'Oscar', lastName: 'Staff', phoneNumber: '6085550102', orgRoles: [['lakeview', 'Organization_Staff']] },
  { email: 'summit.admin@example.org', firstName: 'Sam', lastName: 'Summit', phoneNumber: '6085550103', orgRoles: [['summit', 'Organization_Admin']] },
  { email: 'state.admin@example.gov', firstName: 'Stella', lastName: 'Admin', stateRole: 'State_Admin' },
  { email: 'state.reviewer@example.gov', firstName: 'Steve', lastName: 'Reviewer', stateRole: 'State_Reviewer' },
  { email: 'ctc.admin@example.gov', firstName: 'Carla', lastName: 'Technical', stateRole: 'CTC_Admin' },
  { email: 'ctc.reviewer@example.gov', firstName: 'Chris', lastName: 'Engineer', stateRole: 'CTC_Reviewer' },
  { email: 'rsm.admin@example.gov', firstName: 'Rita', lastName: 'Gating', stateRole: 'RSM_Admin' },
  { email: 'rsm.reviewer@example.gov', firstName: 'Ravi', lastName: 'Gatekeeper', stateRole: 'RSM_Reviewer' },
  { email: 'rsm.financial@example.gov', firstName: 'Fiona', lastName: 'Ledger', stateRole: 'RSM_Financial_Reviewer' },
  // Not one of the ten role accounts: shows how an inactive account is turned away.
  // Old Mill Wireless closed (inactive organization, inactive admin): its applications stay in the state's history.
  { email: 'oldmill.admin@example.org', firstName: 'Owen', lastName: 'Miller', phoneNumber: '6085550130', status: 'inactive', orgRoles: [['oldmill', 'Organization_Admin']] },
  { email: 'inactive.user@example.org', firstName: 'Ian', lastName: 'Inactive', status: 'inactive', orgRoles: [['lakeview', 'Organization_Staff']] },
];

interface SeedApplication {
  id: string;
  org: DemoOrganization;
  area: number;
  tech: number;
  createdDaysAgo: number;
  /** Submitted then (else a draft, or cancelled). */
  submittedDaysAgo?: number;
  /** After the submit: its way through the status machine, walked by api/seed/workflow-walk.ts (else it stays SUBMITTED). */
  review?: WalkPlan;
  /** A draft its organization cancelled, with this reason. */
  cancelReason?: string;
}

/**
 * The demo applications (issue 10 Seed): every status from SUBMITTED on, across the three organizations. Their
 * statuses, histories and review assignments are not written here: each walks the status machine
 * (domain/workflow.ts) from its submit, so the history is one the machine allows.
 */
const SEED_APPLICATIONS: SeedApplication[] = [
  { id: 'GA-LKV001', org: 'lakeview', area: 0, tech: 0, createdDaysAgo: 2 },
  { id: 'GA-LKV002', org: 'lakeview', area: 1, tech: 0, createdDaysAgo: 20, submittedDaysAgo: 6 },
  { id: 'GA-LKV003', org: 'lakeview', area: 2, tech: 2, createdDaysAgo: 40, submittedDaysAgo: 25, review: { reach: 'GATING_REVIEW' } },
  { id: 'GA-LKV004', org: 'lakeview', area: 3, tech: 0, createdDaysAgo: 45, submittedDaysAgo: 30, review: { reach: 'PASSED_GATING' } },
  { id: 'GA-LKV005', org: 'lakeview', area: 4, tech: 3, createdDaysAgo: 15, cancelReason: 'The project area was folded into a neighbouring application.' },
  { id: 'GA-SMT001', org: 'summit', area: 5, tech: 1, createdDaysAgo: 1 },
  { id: 'GA-SMT002', org: 'summit', area: 6, tech: 0, createdDaysAgo: 12, submittedDaysAgo: 3 },
  { id: 'GA-SMT003', org: 'summit', area: 7, tech: 2, createdDaysAgo: 60, submittedDaysAgo: 50, review: { reach: 'TECHNICAL_REVIEW' } },
  { id: 'GA-SMT004', org: 'summit', area: 8, tech: 0, createdDaysAgo: 80, submittedDaysAgo: 70, review: { reach: 'STATE_REVIEW' } },
  { id: 'GA-SMT005', org: 'summit', area: 9, tech: 0, createdDaysAgo: 120, submittedDaysAgo: 110, review: { reach: 'IN_NEGOTIATION', then: [{ action: 'mark-as-awarded' }] } },
  {
    id: 'GA-SMT006', org: 'summit', area: 10, tech: 4, createdDaysAgo: 100, submittedDaysAgo: 90,
    review: {
      reach: 'GATING_IN_STATE_CONSENSUS',
      then: [{ action: 'mark-as-rejected', reasonId: 5, comments: 'Questions 41 and 43 failed in the gating consensus: the letter of credit commitment does not cover 25 % of the BEAD request.' }],
    },
  },
  {
    id: 'GA-LKV006', org: 'lakeview', area: 11, tech: 1, createdDaysAgo: 70, submittedDaysAgo: 58,
    review: {
      reach: 'TECHNICAL_REVIEW',
      then: [
        { action: 'mark-as-revision-needed', sections: ['technology', 'budget'], comments: 'The network design and the budget disagree on the miles of distribution cable: please reconcile questions 30, 35 and 29.' },
        { action: 'resubmit' },
      ],
    },
  },
  {
    id: 'GA-LKV007', org: 'lakeview', area: 12, tech: 0, createdDaysAgo: 50, submittedDaysAgo: 35,
    review: {
      reach: 'GATING_IN_STATE_CONSENSUS',
      then: [{ action: 'mark-as-revision-needed', sections: ['financial'], comments: 'Please attach the signed letter of credit commitment (question 42) and update the matching funds table (question 46).' }],
    },
  },
  { id: 'GA-LKV008', org: 'lakeview', area: 13, tech: 2, createdDaysAgo: 33, submittedDaysAgo: 18, review: { reach: 'GATING_AWAITING_STATE_CONSENSUS' } },
  { id: 'GA-LKV009', org: 'lakeview', area: 14, tech: 0, createdDaysAgo: 75, submittedDaysAgo: 60, review: { reach: 'PASSED_TECHNICAL' } },
  { id: 'GA-LKV010', org: 'lakeview', area: 15, tech: 3, createdDaysAgo: 95, submittedDaysAgo: 80, review: { reach: 'STATE_IN_STATE_CONSENSUS' } },
  { id: 'GA-LKV011', org: 'lakeview', area: 16, tech: 0, createdDaysAgo: 130, submittedDaysAgo: 115, review: { reach: 'IN_NEGOTIATION' } },
  { id: 'GA-SMT007', org: 'summit', area: 17, tech: 1, createdDaysAgo: 42, submittedDaysAgo: 28, review: { reach: 'GATING_IN_STATE_CONSENSUS' } },
  { id: 'GA-SMT008', org: 'summit', area: 18, tech: 0, createdDaysAgo: 65, submittedDaysAgo: 52, review: { reach: 'TECHNICAL_AWAITING_STATE_CONSENSUS' } },
  { id: 'GA-SMT009', org: 'summit', area: 19, tech: 2, createdDaysAgo: 72, submittedDaysAgo: 56, review: { reach: 'TECHNICAL_IN_STATE_CONSENSUS' } },
  { id: 'GA-SMT010', org: 'summit', area: 20, tech: 0, createdDaysAgo: 90, submittedDaysAgo: 75, review: { reach: 'STATE_AWAITING_STATE_CONSENSUS' } },
  { id: 'GA-SMT011', org: 'summit', area: 21, tech: 0, createdDaysAgo: 100, submittedDaysAgo: 85, review: { reach: 'PASSED_STATE' } },
  { id: 'GA-SMT012', org: 'summit', area: 22, tech: 0, createdDaysAgo: 16, submittedDaysAgo: 9, review: { reach: 'GATING_REVIEW', reviewStarted: true } },
  {
    id: 'GA-OMW001', org: 'oldmill', area: 23, tech: 4, createdDaysAgo: 160, submittedDaysAgo: 150,
    review: {
      reach: 'GATING_REVIEW',
      then: [
        { action: 'mark-as-revision-needed', sections: ['managerial'], comments: 'Please name the operations staff of the new network and how the service will be maintained (question 52).' },
        { action: 'mark-as-not-remediated', comments: 'No revision was received within 30 days of the request.' },
      ],
    },
  },
  {
    id: 'GA-OMW002', org: 'oldmill', area: 2, tech: 1, createdDaysAgo: 140, submittedDaysAgo: 128,
    review: {
      reach: 'PASSED_GATING',
      then: [{ action: 'withdraw', comments: 'Withdrawn at the applicant\'s request: Old Mill Wireless is winding up its operations.' }],
    },
  },
];

export function projectAreasCsvPath(): string {
  const candidates = [
    path.resolve(process.cwd(), 'api/seed/project-areas.csv'),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'project-areas.csv'),
  ];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('api/seed/project-areas.csv not found');
  return found;
}

export interface ProjectAreaRow {
  name: string;
  unservedLocationsCount: number;
  underservedLocationsCount: number;
  servedLocationsCount: number;
  caiCount: number;
}

/** Reads `name,unserved,underserved,served,cai` rows; names may be quoted. */
export function parseProjectAreasCsv(text: string): ProjectAreaRow[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const [header, ...rows] = lines;
  if (!header || !/^name,unserved,underserved,served,cai$/i.test(header.replace(/\s/g, ''))) {
    throw new Error('The project areas CSV must start with the header name,unserved,underserved,served,cai');
  }
  return rows.map((line, i) => {
    const match = line.match(/^(?:"((?:[^"]|"")*)"|([^,]*)),(\d+),(\d+),(\d+),(\d+)$/);
    if (!match) throw new Error(`Project areas CSV line ${i + 2} is not name,unserved,underserved,served,cai: ${line}`);
    return {
      name: (match[1] ?? match[2] ?? '').replace(/""/g, '"').trim(),
      unservedLocationsCount: Number(match[3]),
      underservedLocationsCount: Number(match[4]),
      servedLocationsCount: Number(match[5]),
      caiCount: Number(match[6]),
    };
  });
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(programs);
  return (row?.n ?? 0) > 0;
}

/**
 * Seeds an empty database; a seeded one is left alone. Returns whether it seeded. One insert per table
 * (about fifteen statements), not one per row: the seed is part of a first start (docs/decisions/019).
 * Every submitted application is fully answered (api/seed/demo-answers.ts); its File questions hold PDFs
 * stored through `storage`. Without a storage (the test templates, copied under many storages) the File
 * questions stay unanswered rather than point at bytes no storage holds.
 */
export async function seedDatabase(db: Db, opts: { storage?: Storage } = {}): Promise<boolean> {
  if (await isSeeded(db)) return false;
  const now = Date.now();
  await db.transaction(async (tx) => {
    const orgRows = await tx
      .insert(organizations)
      .values(SEED_ORGANIZATIONS.map((org) => ({ legalName: org.legalName, status: org.status })))
      .returning({ id: organizations.id });
    const orgIds = new Map<string, string>(SEED_ORGANIZATIONS.map((org, i) => [org.key, orgRows[i]!.id]));
    const userRows = await tx
      .insert(users)
      .values(SEED_USERS.map((u) => ({
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        phoneNumber: u.phoneNumber ?? null,
        status: u.status ?? 'active',
        roleType: u.stateRole ? ('state' as const) : ('org' as const),
      })))
      .returning({ id: users.id });
    const userIds = new Map(SEED_USERS.map((u, i) => [u.email, userRows[i]!.id]));
    await tx.insert(userRoles).values(SEED_USERS.flatMap((u) => (u.stateRole ? [{ userId: userIds.get(u.email)!, role: u.stateRole }] : [])));
    await tx.insert(memberships).values(
      SEED_USERS.flatMap((u) => (u.orgRoles ?? []).map(([org, role]) => ({ userId: userIds.get(u.email)!, organizationId: orgIds.get(org)!, role }))),
    );

    const [program] = await tx
      .insert(programs)
      .values({
        name: 'BEAD Round 1',
        description: 'Broadband Equity, Access, and Deployment subgrants, round 1: last-mile deployment to unserved and underserved locations.',
        dueDate: new Date(now + 120 * DAY),
        unlockWindowStart: new Date(now - 30 * DAY),
        unlockWindowEnd: new Date(now + 150 * DAY),
      })
      .returning();
    const sectionRows = await tx
      .insert(sections)
      .values(BEAD_ROUND_1_SECTIONS.map((section, i) => ({
        programId: program!.id, name: section.name, slug: section.slug, displayOrder: i + 1, isEntityProfile: !!section.isEntityProfile,
      })))
      .returning({ id: sections.id });
    const sectionIds = sectionRows.map((row) => row.id);
    const questionRows = BEAD_ROUND_1_SECTIONS.flatMap((section, i) => section.questions.map((q, j) => ({
      sectionId: sectionIds[i]!,
      systemNo: q.systemNo,
      text: q.text,
      type: q.type,
      responseType: q.responseType ?? null,
      displayOrder: j + 1,
      mandatory: !!q.mandatory,
      readOnly: !!q.readOnly,
      instructions: q.instructions ?? null,
      placeholder: q.placeholder ?? null,
      responseOptions: q.options ? q.options.map((name, k) => ({ id: k + 1, name, subOptions: [] })) : null,
      tableColumns: q.columns ?? null,
      hasTemplate: !!q.hasTemplate,
      templateFile: q.templateFile ?? null,
      minDate: q.minDate ?? null,
      maxDate: q.maxDate ?? null,
      addMoreRows: !!q.addMoreRows,
      dependentSystemNo: q.dependentSystemNo ?? null,
      dependentResponseValue: q.dependentResponseValue ?? null,
      additionalMetadata: { ...(q.metadata ?? {}), ...(q.multiple ? { multiple: true } : {}), ...(q.hasTotals ? { hasTotals: true } : {}) },
    })));
    const inserted = await tx.insert(questions).values(questionRows).returning({ id: questions.id, systemNo: questions.systemNo });
    const questionIds = new Map(inserted.map((q) => [q.systemNo, q.id]));

    const areas = parseProjectAreasCsv(fs.readFileSync(projectAreasCsvPath(), 'utf8'));
    await tx.insert(projectAreas).values(areas.map((a) => ({ ...a, isSample: true })));

    // The entity profiles of the organizations, complete: every application shows them.
    const lakeview = orgIds.get('lakeview')!;
    const legalNames = new Map<string, string>(SEED_ORGANIZATIONS.map((org) => [org.key, org.legalName]));
    await tx.insert(profileAnswers).values((['lakeview', 'summit', 'oldmill'] as const).flatMap((org) =>
      demoProfileAnswers(org, legalNames.get(org)!, orgIds.get(org)!)
        .filter(([no]) => questionIds.has(no))
        .map(([no, value]) => ({ organizationId: orgIds.get(org)!, questionId: questionIds.get(no)!, value })),
    ));
    // What a submit keeps of the profile (api/services/application-content.ts): every profile question by id.
    const profileQuestions = BEAD_ROUND_1_SECTIONS.filter((section) => section.isEntityProfile).flatMap((section) => section.questions);
    const profileSnapshotOf = (org: DemoOrganization) => {
      const given = new Map(demoProfileAnswers(org, legalNames.get(org)!, orgIds.get(org)!));
      const answers = Object.fromEntries(profileQuestions.filter((q) => questionIds.has(q.systemNo)).map((q) => [questionIds.get(q.systemNo)!, given.get(q.systemNo) ?? null]));
      const bySystemNo = Object.fromEntries(profileQuestions.map((q) => [q.systemNo, given.get(q.systemNo) ?? null]));
      return { snapshot: { organizationName: legalNames.get(org)!, answers }, bySystemNo };
    };
    const sectionOfQuestion = new Map(BEAD_ROUND_1_SECTIONS.flatMap((section, i) => section.questions.map((q) => [q.systemNo, sectionIds[i]!] as const)));
    // The reviewable questions as the demo reviews mark them (api/seed/demo-reviews.ts).
    const demoQuestions = new Map<string, DemoQuestion>(BEAD_ROUND_1_SECTIONS.flatMap((section, i) => section.questions.map((q) => [q.systemNo, {
      questionId: questionIds.get(q.systemNo)!, sectionId: sectionIds[i]!, sectionName: section.name, sectionOrder: i + 1, text: q.text,
    }] as const)));
    const questionOf = (systemNo: string) => demoQuestions.get(systemNo) ?? fail(`No question ${systemNo} to review`);

    const adminOf: Record<DemoOrganization, string> = {
      lakeview: userIds.get('org.admin@example.org')!, summit: userIds.get('summit.admin@example.org')!, oldmill: userIds.get('oldmill.admin@example.org')!,
    };
    const rows = {
      applications: [] as (typeof applications.$inferInsert)[],
      answers: [] as (typeof answers.$inferInsert)[],
      applicationSections: [] as (typeof applicationSections.$inferInsert)[],
      // In the order they happened: logged_actions.seq breaks created_at ties by insertion order.
      loggedActions: [] as (typeof loggedActions.$inferInsert)[],
      reviewAssignments: [] as (typeof reviewAssignments.$inferInsert)[],
      documents: [] as (typeof documents.$inferInsert)[],
      reviews: emptyDemoReviewRows(),
    };
    const files: { key: string; body: Buffer }[] = [];
    const sectionIdOf = new Map(BEAD_ROUND_1_SECTIONS.map((section, i) => [section.slug, sectionIds[i]!]));
    const sectionNameOf = new Map(BEAD_ROUND_1_SECTIONS.map((section) => [section.slug, section.name]));
    const accountId = (org: DemoOrganization, role: string) =>
      (role === 'Organization_Admin' ? adminOf[org] : userIds.get(STATE_ACCOUNT[role as keyof typeof STATE_ACCOUNT] ?? '')) ?? fail(`No seed account acts as ${role}`);
    for (const app of SEED_APPLICATIONS) {
      const area = areas[app.area % areas.length]!;
      const createdAt = new Date(now - app.createdDaysAgo * DAY);
      const submittedAt = app.submittedDaysAgo !== undefined ? new Date(now - app.submittedDaysAgo * DAY) : null;
      const organizationId = orgIds.get(app.org)!;
      const technologyType = TECHNOLOGY_TYPES[app.tech]!;
      const orgAdmin = adminOf[app.org];
      // Its way through the status machine, checked step by step (api/seed/workflow-walk.ts).
      for (const action of [...(submittedAt ? ['submit' as const] : []), ...(app.cancelReason ? ['cancel' as const] : [])]) {
        if (!allowedActions({ status: 'DRAFT', role: 'Organization_Admin' }).includes(action)) fail(`The status machine refuses ${action} from DRAFT`);
      }
      const journey: Walk | null = submittedAt ? walk(app.review ?? { reach: 'SUBMITTED' }) : null;
      const status = journey?.status ?? (app.cancelReason ? 'CANCELLED' : 'DRAFT');
      // The journey's events spread from the submit to a few hours ago; an assignment or a started review soon after the move before it.
      const eventTimes: Date[] = [];
      if (journey && submittedAt) {
        const weights = journey.events.map((e) => (e.kind === 'move' ? 1 : 0.25));
        const total = weights.reduce((a, b) => a + b, 0) + 1;
        const span = now - 3 * 60 * 60 * 1000 - submittedAt.getTime();
        let sum = 0;
        for (const w of weights) {
          sum += w;
          eventTimes.push(new Date(submittedAt.getTime() + Math.round((span * sum) / total)));
        }
      }
      const resubmittedAt = journey?.events.reduce<Date | null>((at, e, i) => (e.kind === 'move' && e.action === 'resubmit' ? eventTimes[i]! : at), null) ?? null;
      const lastAt = eventTimes.at(-1) ?? submittedAt ?? (app.cancelReason ? new Date(createdAt.getTime() + DAY) : createdAt);
      rows.applications.push({
        id: app.id,
        programId: program!.id,
        organizationId,
        status,
        projectLocation: area.name,
        technologyType,
        createdBy: orgAdmin,
        // A resubmit is a submit again: the application keeps the newer moment and profile (api/routes/sections.ts).
        submittedBy: submittedAt ? orgAdmin : null,
        submittedAt: resubmittedAt ?? submittedAt,
        profileSnapshot: submittedAt ? profileSnapshotOf(app.org).snapshot : null,
        profileSnapshotAt: resubmittedAt ?? submittedAt,
        cancelReason: app.cancelReason ?? null,
        createdAt,
        updatedAt: lastAt,
      });
      const demo: DemoApplication | null = submittedAt
        ? { id: app.id, index: SEED_APPLICATIONS.indexOf(app), areaName: area.name, caiCount: area.caiCount, technologyType, submittedAt, legalName: legalNames.get(app.org)!, related: relatedOf(app, areas) }
        : null;
      const seeded: [string, unknown][] = demo ? demoApplicationAnswers(demo) : [['179', app.id], ['21', area.name], ['24', technologyType]];
      rows.answers.push(
        ...seeded.filter(([no]) => questionIds.has(no)).map(([no, value]) => ({ applicationId: app.id, questionId: questionIds.get(no)!, value, updatedBy: orgAdmin })),
      );
      const reopened = new Set((journey?.reopened ?? []).map((slug) => sectionIdOf.get(slug)));
      rows.applicationSections.push(
        ...sectionIds.map((sectionId) => ({
          applicationId: app.id, sectionId, status: submittedAt ? ('COMPLETED' as const) : ('NOT_STARTED' as const), unlocked: reopened.has(sectionId),
        })),
      );
      rows.loggedActions.push({
        applicationId: app.id, organizationId, userId: orgAdmin, action: 'APPLICATION_CREATED', entity: 'application',
        toStatus: 'DRAFT', createdAt, details: { projectLocation: area.name, technologyType },
      });
      if (app.cancelReason) {
        rows.loggedActions.push({
          applicationId: app.id, organizationId, userId: orgAdmin, action: workflowAction('cancel').auditAction, entity: 'application',
          fromStatus: 'DRAFT', toStatus: 'CANCELLED', comments: app.cancelReason, createdAt: lastAt,
        });
      }
      if (demo && submittedAt) {
        // The work before the submit, in the history: each section saved in turn, its documents uploaded first.
        const step = (submittedAt.getTime() - createdAt.getTime()) / (BEAD_ROUND_1_SECTIONS.length + 1);
        BEAD_ROUND_1_SECTIONS.forEach((section, i) => {
          if (section.isEntityProfile) return;
          const savedAt = new Date(createdAt.getTime() + step * (i + 1));
          for (const file of DEMO_FILES.filter((f) => sectionOfQuestion.get(f.systemNo) === sectionIds[i] && opts.storage && questionIds.has(f.systemNo))) {
            const id = crypto.randomUUID();
            const { fileName, body } = demoDocument(demo, file);
            const key = `${organizationId}/${id}`;
            files.push({ key, body });
            rows.documents.push({
              id, organizationId, programId: program!.id, sectionId: sectionIds[i]!, applicationId: app.id, questionId: questionIds.get(file.systemNo)!,
              fileName, fileSize: body.length, fileType: 'application/pdf', storageKey: key, uploadedBy: orgAdmin, createdAt: new Date(savedAt.getTime() - 60_000),
            });
            rows.answers.push({ applicationId: app.id, questionId: questionIds.get(file.systemNo)!, value: { documentId: id, fileName }, updatedBy: orgAdmin });
            rows.loggedActions.push({
              applicationId: app.id, organizationId, userId: orgAdmin, action: 'DOCUMENT_UPLOADED', entity: 'document',
              createdAt: new Date(savedAt.getTime() - 60_000),
              details: { documentId: id, fileName, fileSize: body.length, programName: 'BEAD Round 1', sectionId: sectionIds[i]! },
            });
          }
          const changed = section.questions.filter((q) => q.type !== 'Header' && !q.readOnly && seeded.some(([no]) => no === q.systemNo)).map((q) => q.systemNo);
          rows.loggedActions.push({
            applicationId: app.id, organizationId, userId: orgAdmin, action: 'SECTION_SAVED', entity: 'section', createdAt: savedAt,
            details: { sectionId: sectionIds[i]!, sectionName: section.name, changed: [...changed, ...DEMO_FILES.filter((f) => opts.storage && sectionOfQuestion.get(f.systemNo) === sectionIds[i]).map((f) => f.systemNo)] },
          });
        });
      }
      if (submittedAt && journey) {
        // As a submit writes them: the profile it keeps, then the move (a resubmit the same).
        const submitted = (at: Date, action: 'submit' | 'resubmit', fromStatus: string, toStatus: string) => rows.loggedActions.push(
          {
            applicationId: app.id, organizationId, userId: orgAdmin, action: 'PROFILE_SNAPSHOT', entity: 'application', createdAt: at,
            details: { organizationName: legalNames.get(app.org)!, answers: profileSnapshotOf(app.org).bySystemNo },
          },
          { applicationId: app.id, organizationId, userId: orgAdmin, action: workflowAction(action).auditAction, entity: 'application', fromStatus, toStatus, createdAt: at },
        );
        submitted(submittedAt, 'submit', 'DRAFT', 'SUBMITTED');
        const reviewerIdOf = (role: string) => accountId(app.org, role);
        journey.events.forEach((event, i) => {
          const at = eventTimes[i]!;
          if (event.kind === 'move' && event.action === 'resubmit') {
            submitted(at, 'resubmit', event.from, event.to);
          } else if (event.kind === 'move') {
            // The reviews behind the move (decision 041): the stage's submitted review before it moves on to consensus,
            // the consensus values before it leaves consensus; a move the consensus guards would refuse is not seeded.
            const stage = STAGES.find((s) => stageReviewStatuses(s).includes(event.from));
            const base = { applicationId: app.id, organizationId, status: event.from, index: SEED_APPLICATIONS.indexOf(app), from: eventTimes[i - 1] ?? submittedAt, to: at, questionOf, rows: rows.reviews, log: rows.loggedActions };
            if (stage && event.from === stageReviewStatuses(stage)[0] && event.to === stageReviewStatuses(stage)[1]) {
              const reviewer = journey.assignments.find((a) => a.stage === stage && a.status === 'SUBMITTED');
              if (reviewer) demoReview({ ...base, stage, reviewerId: reviewerIdOf(reviewer.reviewerRole) });
            }
            if (stage && event.from === stageReviewStatuses(stage)[2]) demoConsensus({ ...base, stage, adminId: accountId(app.org, 'State_Admin') });
            const guarded = guardedStage(event.to);
            if (guarded === 'GATING' || guarded === 'TECHNICAL') {
              const refused = demoGuardProblem(app.id, guarded, rows.reviews, questionOf);
              if (refused) fail(`${app.id} cannot reach ${event.to}: ${refused}`);
            }
            const sectionIdsOfMove = event.sections.map((slug) => sectionIdOf.get(slug) ?? fail(`No section ${slug}`));
            // The details the move executor writes (api/services/application-moves.ts).
            rows.loggedActions.push({
              applicationId: app.id, organizationId, userId: accountId(app.org, event.role), action: workflowAction(event.action).auditAction, entity: 'application',
              fromStatus: event.from, toStatus: event.to, comments: event.comments, createdAt: at,
              details: {
                actionId: event.action,
                ...(event.reasonId !== null ? { reasonId: event.reasonId, reason: rejectReasonText(event.reasonId) } : {}),
                ...(sectionIdsOfMove.length > 0 ? { sectionIds: sectionIdsOfMove, sectionNames: event.sections.map((slug) => sectionNameOf.get(slug)!) } : {}),
              },
            });
          } else {
            // As the assignment service writes them (api/services/review-assignments.ts).
            const reviewerRole = event.kind === 'assign' ? event.reviewerRole : event.role;
            const reviewerType = reviewerRole.toUpperCase();
            const reviewerId = reviewerIdOf(reviewerRole);
            rows.loggedActions.push({
              applicationId: app.id, organizationId, userId: accountId(app.org, event.role), action: workflowAction(event.action).auditAction, entity: 'review-assignment',
              fromStatus: event.status, toStatus: event.status, createdAt: at,
              details: event.kind === 'assign'
                ? { stage: event.stage, reviewerType, reviewerIds: [reviewerId], added: [reviewerId], removed: [] }
                : { stage: event.stage, reviewerType, from: 'PENDING', to: 'IN_PROGRESS' },
            });
          }
        });
        for (const assignment of journey.assignments) {
          rows.reviewAssignments.push({
            applicationId: app.id, reviewerId: reviewerIdOf(assignment.reviewerRole), reviewerType: assignment.reviewerType, status: assignment.status,
            assignedAt: eventTimes[assignment.assignedAt]!,
          });
        }
      }
    }
    await tx.insert(applications).values(rows.applications);
    if (rows.documents.length > 0) await tx.insert(documents).values(rows.documents);
    await tx.insert(answers).values(rows.answers);
    await tx.insert(applicationSections).values(rows.applicationSections);
    await tx.insert(loggedActions).values(rows.loggedActions);
    await tx.insert(reviewAssignments).values(rows.reviewAssignments);
    const reviews = rows.reviews;
    if (reviews.declarations.length) await tx.insert(reviewDeclarations).values(reviews.declarations);
    if (reviews.marks.length) await tx.insert(reviewMarks).values(reviews.marks);
    if (reviews.sectionSubmissions.length) await tx.insert(reviewSectionSubmissions).values(reviews.sectionSubmissions);
    if (reviews.decisions.length) await tx.insert(reviewDecisions).values(reviews.decisions);
    if (reviews.consensus.length) await tx.insert(reviewConsensus).values(reviews.consensus);
    // The bytes last, inside the transaction: a storage that fails leaves no rows pointing at nothing.
    await Promise.all(files.map((file) => opts.storage!.put(file.key, file.body, { contentType: 'application/pdf' })));

    // One conversation each way, so the unread badges have something to count.
    const [thread] = await tx
      .insert(threads)
      .values({ organizationId: lakeview, applicationId: 'GA-LKV004', subject: 'Engineering costs in the budget table', lastMessageAt: new Date(now - DAY) })
      .returning();
    await tx.insert(messages).values([
      {
        threadId: thread!.id, senderId: userIds.get('state.admin@example.gov')!, direction: 'STATE_TO_ORG',
        content: 'Please break out the engineering costs in the budget table of GA-LKV004 by phase.', createdAt: new Date(now - 2 * DAY),
      },
      {
        threadId: thread!.id, senderId: adminOf.lakeview, direction: 'ORG_TO_STATE',
        content: 'Thank you. We will update the budget table this week.', createdAt: new Date(now - DAY),
      },
    ]);
  });
  return true;
}

/** The organization's next submitted demo application (in seed order, wrapping), for question 84. */
function relatedOf(app: SeedApplication, areas: ProjectAreaRow[]): DemoApplication['related'] {
  const submitted = SEED_APPLICATIONS.filter((other) => other.org === app.org && other.submittedDaysAgo !== undefined);
  const next = submitted[(submitted.indexOf(app) + 1) % submitted.length];
  return next && next !== app ? { id: next.id, areaName: areas[next.area % areas.length]!.name } : undefined;
}

function fail(message: string): never {
  throw new Error(`Seed: ${message}`);
}
