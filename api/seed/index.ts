// Demo data of DESIGN section 3: a fresh start shows a working portal.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  answers, applicationSections, applications, documents, loggedActions, memberships, messages, organizations, profileAnswers,
  programs, projectAreas, questions, reviewAssignments, sections, threads, userRoles, users,
} from '../db/schema';
import { BEAD_ROUND_1_SECTIONS, TECHNOLOGY_TYPES } from './question-bank';
import { DEMO_FILES, demoApplicationAnswers, demoDocument, demoProfileAnswers, type DemoApplication } from './demo-answers';
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
  { email: 'inactive.user@example.org', firstName: 'Ian', lastName: 'Inactive', status: 'inactive', orgRoles: [['lakeview', 'Organization_Staff']] },
];

interface SeedApplication {
  id: string;
  org: 'lakeview' | 'summit';
  status: ApplicationStatus;
  area: number;
  tech: number;
  createdDaysAgo: number;
  submittedDaysAgo?: number;
  reviewers?: string[];
}

const SEED_APPLICATIONS: SeedApplication[] = [
  { id: 'GA-LKV001', org: 'lakeview', status: 'DRAFT', area: 0, tech: 0, createdDaysAgo: 2 },
  { id: 'GA-LKV002', org: 'lakeview', status: 'SUBMITTED', area: 1, tech: 0, createdDaysAgo: 20, submittedDaysAgo: 6 },
  { id: 'GA-LKV003', org: 'lakeview', status: 'GATING_REVIEW', area: 2, tech: 2, createdDaysAgo: 40, submittedDaysAgo: 25, reviewers: ['rsm.reviewer@example.gov'] },
  // No REVISION_NEEDED until the state side builds revision and resubmission (issue 9 item 24: it was a dead end).
  { id: 'GA-LKV004', org: 'lakeview', status: 'PASSED_GATING', area: 3, tech: 0, createdDaysAgo: 45, submittedDaysAgo: 30 },
  { id: 'GA-LKV005', org: 'lakeview', status: 'CANCELLED', area: 4, tech: 3, createdDaysAgo: 15 },
  { id: 'GA-SMT001', org: 'summit', status: 'DRAFT', area: 5, tech: 1, createdDaysAgo: 1 },
  { id: 'GA-SMT002', org: 'summit', status: 'SUBMITTED', area: 6, tech: 0, createdDaysAgo: 12, submittedDaysAgo: 3 },
  { id: 'GA-SMT003', org: 'summit', status: 'TECHNICAL_REVIEW', area: 7, tech: 2, createdDaysAgo: 60, submittedDaysAgo: 50, reviewers: ['ctc.reviewer@example.gov'] },
  { id: 'GA-SMT004', org: 'summit', status: 'STATE_REVIEW', area: 8, tech: 0, createdDaysAgo: 80, submittedDaysAgo: 70, reviewers: ['state.reviewer@example.gov'] },
  { id: 'GA-SMT005', org: 'summit', status: 'AWARDED', area: 9, tech: 0, createdDaysAgo: 120, submittedDaysAgo: 110 },
  { id: 'GA-SMT006', org: 'summit', status: 'REJECTED', area: 10, tech: 4, createdDaysAgo: 100, submittedDaysAgo: 90 },
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

    // The entity profiles of the two organizations with applications, complete: every application shows them.
    const lakeview = orgIds.get('lakeview')!;
    const legalNames = new Map<string, string>(SEED_ORGANIZATIONS.map((org) => [org.key, org.legalName]));
    await tx.insert(profileAnswers).values((['lakeview', 'summit'] as const).flatMap((org) =>
      demoProfileAnswers(org, legalNames.get(org)!, orgIds.get(org)!)
        .filter(([no]) => questionIds.has(no))
        .map(([no, value]) => ({ organizationId: orgIds.get(org)!, questionId: questionIds.get(no)!, value })),
    ));
    // What a submit keeps of the profile (api/services/application-content.ts): every profile question by id.
    const profileQuestions = BEAD_ROUND_1_SECTIONS.filter((section) => section.isEntityProfile).flatMap((section) => section.questions);
    const profileSnapshotOf = (org: 'lakeview' | 'summit') => {
      const given = new Map(demoProfileAnswers(org, legalNames.get(org)!, orgIds.get(org)!));
      const answers = Object.fromEntries(profileQuestions.filter((q) => questionIds.has(q.systemNo)).map((q) => [questionIds.get(q.systemNo)!, given.get(q.systemNo) ?? null]));
      const bySystemNo = Object.fromEntries(profileQuestions.map((q) => [q.systemNo, given.get(q.systemNo) ?? null]));
      return { snapshot: { organizationName: legalNames.get(org)!, answers }, bySystemNo };
    };
    const sectionOfQuestion = new Map(BEAD_ROUND_1_SECTIONS.flatMap((section, i) => section.questions.map((q) => [q.systemNo, sectionIds[i]!] as const)));

    const adminOf = { lakeview: userIds.get('org.admin@example.org')!, summit: userIds.get('summit.admin@example.org')! };
    const rows = {
      applications: [] as (typeof applications.$inferInsert)[],
      answers: [] as (typeof answers.$inferInsert)[],
      applicationSections: [] as (typeof applicationSections.$inferInsert)[],
      // In the order they happened: logged_actions.seq breaks created_at ties by insertion order.
      loggedActions: [] as (typeof loggedActions.$inferInsert)[],
      reviewAssignments: [] as (typeof reviewAssignments.$inferInsert)[],
      documents: [] as (typeof documents.$inferInsert)[],
    };
    const files: { key: string; body: Buffer }[] = [];
    for (const app of SEED_APPLICATIONS) {
      const area = areas[app.area % areas.length]!;
      const createdAt = new Date(now - app.createdDaysAgo * DAY);
      const submittedAt = app.submittedDaysAgo !== undefined ? new Date(now - app.submittedDaysAgo * DAY) : null;
      const organizationId = orgIds.get(app.org)!;
      const technologyType = TECHNOLOGY_TYPES[app.tech]!;
      rows.applications.push({
        id: app.id,
        programId: program!.id,
        organizationId,
        status: app.status,
        projectLocation: area.name,
        technologyType,
        createdBy: adminOf[app.org],
        submittedBy: submittedAt ? adminOf[app.org] : null,
        submittedAt,
        profileSnapshot: submittedAt ? profileSnapshotOf(app.org).snapshot : null,
        profileSnapshotAt: submittedAt,
        cancelReason: app.status === 'CANCELLED' ? 'The project area was folded into a neighbouring application.' : null,
        createdAt,
        updatedAt: submittedAt ?? createdAt,
      });
      const demo: DemoApplication | null = submittedAt
        ? { id: app.id, index: SEED_APPLICATIONS.indexOf(app), areaName: area.name, caiCount: area.caiCount, technologyType, submittedAt, legalName: legalNames.get(app.org)!, related: relatedOf(app, areas) }
        : null;
      const seeded: [string, unknown][] = demo ? demoApplicationAnswers(demo) : [['179', app.id], ['21', area.name], ['24', technologyType]];
      rows.answers.push(
        ...seeded.filter(([no]) => questionIds.has(no)).map(([no, value]) => ({ applicationId: app.id, questionId: questionIds.get(no)!, value, updatedBy: adminOf[app.org] })),
      );
      const locked = app.status !== 'DRAFT';
      rows.applicationSections.push(
        ...sectionIds.map((sectionId) => ({ applicationId: app.id, sectionId, status: locked ? ('COMPLETED' as const) : ('NOT_STARTED' as const) })),
      );
      rows.loggedActions.push({
        applicationId: app.id, organizationId, userId: adminOf[app.org], action: 'APPLICATION_CREATED', entity: 'application',
        toStatus: 'DRAFT', createdAt, details: { projectLocation: area.name, technologyType },
      });
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
              fileName, fileSize: body.length, fileType: 'application/pdf', storageKey: key, uploadedBy: adminOf[app.org], createdAt: new Date(savedAt.getTime() - 60_000),
            });
            rows.answers.push({ applicationId: app.id, questionId: questionIds.get(file.systemNo)!, value: { documentId: id, fileName }, updatedBy: adminOf[app.org] });
            rows.loggedActions.push({
              applicationId: app.id, organizationId, userId: adminOf[app.org], action: 'DOCUMENT_UPLOADED', entity: 'document',
              createdAt: new Date(savedAt.getTime() - 60_000),
              details: { documentId: id, fileName, fileSize: body.length, programName: 'BEAD Round 1', sectionId: sectionIds[i]! },
            });
          }
          const changed = section.questions.filter((q) => q.type !== 'Header' && !q.readOnly && seeded.some(([no]) => no === q.systemNo)).map((q) => q.systemNo);
          rows.loggedActions.push({
            applicationId: app.id, organizationId, userId: adminOf[app.org], action: 'SECTION_SAVED', entity: 'section', createdAt: savedAt,
            details: { sectionId: sectionIds[i]!, sectionName: section.name, changed: [...changed, ...DEMO_FILES.filter((f) => opts.storage && sectionOfQuestion.get(f.systemNo) === sectionIds[i]).map((f) => f.systemNo)] },
          });
        });
      }
      if (submittedAt) {
        // As a submit writes them: the profile it keeps, then the move.
        rows.loggedActions.push({
          applicationId: app.id, organizationId, userId: adminOf[app.org], action: 'PROFILE_SNAPSHOT', entity: 'application', createdAt: submittedAt,
          details: { organizationName: legalNames.get(app.org)!, answers: profileSnapshotOf(app.org).bySystemNo },
        });
        rows.loggedActions.push({
          applicationId: app.id, organizationId, userId: adminOf[app.org], action: 'APPLICATION_SUBMITTED', entity: 'application',
          fromStatus: 'DRAFT', toStatus: 'SUBMITTED', createdAt: submittedAt,
        });
      }
      if (app.status !== 'DRAFT' && app.status !== 'SUBMITTED') {
        rows.loggedActions.push({
          applicationId: app.id, organizationId, userId: userIds.get('state.admin@example.gov')!, action: 'STATUS_CHANGED', entity: 'application',
          fromStatus: submittedAt ? 'SUBMITTED' : 'DRAFT', toStatus: app.status,
          comments: app.status === 'CANCELLED' ? 'The project area was folded into a neighbouring application.' : null,
          createdAt: new Date((submittedAt ?? createdAt).getTime() + DAY),
        });
      }
      for (const email of app.reviewers ?? []) {
        const reviewerType = email.startsWith('rsm') ? 'RSM_REVIEWER' : email.startsWith('ctc') ? 'CTC_REVIEWER' : 'STATE_REVIEWER';
        rows.reviewAssignments.push({ applicationId: app.id, reviewerId: userIds.get(email)!, reviewerType });
      }
    }
    await tx.insert(applications).values(rows.applications);
    if (rows.documents.length > 0) await tx.insert(documents).values(rows.documents);
    await tx.insert(answers).values(rows.answers);
    await tx.insert(applicationSections).values(rows.applicationSections);
    await tx.insert(loggedActions).values(rows.loggedActions);
    await tx.insert(reviewAssignments).values(rows.reviewAssignments);
    // The bytes last, inside the transaction: a storage that fails leaves no rows pointing at nothing.
    await Promise.all(files.map((file) => opts.storage!.put(file.key, file.body, { contentType: 'application/pdf' })));

    // One conversation each way, so the unread badges have something to count.
    const [thread] = await tx
      .insert(threads)
      .values({ organizationId: lakeview, applicationId: 'GA-LKV004', subject: 'Engineering costs in the budget table' })
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
