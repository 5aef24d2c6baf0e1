// `npm run seed:large` (DESIGN section 3): adds 10,000 applications over 200 organizations for
// benchmarks, on top of the demo seed. Bulk rows go in with raw SQL in batches (DESIGN section 8),
// never the ORM row by row. Idempotent: a database that already has the bench organizations is left alone.
//
// What it adds (all deterministic except the uuids):
// - organizations "Bench Organization 001".."200", each with one Organization_Admin user
//   bench.admin.N@example.org (N = 1..200);
// - applications GA-Bxxxxx (B + the index in base 36, 5 characters), spread over the organizations:
//   organization 001 holds 10% of them (the "big applicant" case the list benchmark pages through),
//   the others share the rest evenly; varied statuses, project locations from project_areas, eligible
//   technology types, created over the last 120 days (submitted a few days later when not a draft);
// - for each application: its section rows, the answers fixed at creation (179, 21, 24) and its
//   history (created, submitted, status changed), as the create route and the demo seed write them.
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { asc, count, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../api/db/client';
import { applications, organizations, programs, projectAreas, users } from '../api/db/schema';
import { TECHNOLOGY_TYPES, isEligibleTechnology } from '../domain/technology';
import type { ApplicationStatus } from '../domain/statuses';
import { dateRangeBounds } from '../domain/dates';

export const BENCH_ORG_PREFIX = 'Bench Organization ';
export const benchAdminEmail = (n: number) => `bench.admin.${n}@example.org`;
export const benchOrgName = (n: number) => `${BENCH_ORG_PREFIX}${String(n).padStart(3, '0')}`;

/** GA- + 6 upper-case characters: 'B' and the index in base 36 (unique for 60 million indexes). */
export function benchApplicationId(index: number): string {
  return `GA-B${index.toString(36).toUpperCase().padStart(5, '0')}`;
}

export interface SeedLargeOptions {
  organizations?: number;
  applications?: number;
  /** Share of the applications held by the first bench organization (the big applicant). */
  bigOrgShare?: number;
  batchSize?: number;
  now?: Date;
}

export interface SeedLargeResult {
  seeded: boolean;
  organizations: number;
  applications: number;
  /** Bench organization ids in order (001 first), and their admins' emails. */
  orgIds: string[];
  adminEmails: string[];
  ms: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** About a quarter drafts, a fifth just submitted, the rest over the review pipeline and final states. */
const STATUS_MIX: ApplicationStatus[] = [
  'DRAFT', 'DRAFT', 'DRAFT', 'DRAFT', 'DRAFT',
  'SUBMITTED', 'SUBMITTED', 'SUBMITTED', 'SUBMITTED',
  'RESUBMITTED', 'GATING_REVIEW', 'PASSED_GATING', 'TECHNICAL_REVIEW', 'STATE_REVIEW', 'REVISION_NEEDED',
  'REJECTED', 'AWARDED', 'IN_NEGOTIATION', 'WITHDRAWN', 'CANCELLED',
];

/** A deterministic 32-bit hash of (index, salt), so statuses, areas and dates do not follow the organization. */
function mix(index: number, salt: number): number {
  let h = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Which bench organization (0-based) holds application `index`: the first holds every (1/bigOrgShare)-th
 * one, the others share the rest in turn. It does not depend on the total, so topping a database up from
 * 1,000 to 100,000 applications spreads them as a fresh seed of 100,000 would.
 */
function orgIndexOf(index: number, orgCount: number, bigOrgShare: number): number {
  if (orgCount === 1) return 0;
  const bigBefore = Math.floor(index * bigOrgShare);
  if (Math.floor((index + 1) * bigOrgShare) > bigBefore) return 0;
  return 1 + ((index - bigBefore) % (orgCount - 1));
}

const values = (rows: SQL[]) => sql.join(rows, sql`, `);

export async function benchOrganizationCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organizations).where(like(organizations.legalName, `${BENCH_ORG_PREFIX}%`));
  return row?.n ?? 0;
}

/**
 * The benches' filtered org list, the same both ways: submitted or later, this month, the first six project areas by
 * name. The page's URL and its API call's, for a page and page size.
 */
export async function benchFilteredList(db: Db, orgId: string) {
  const location = (await db.select({ name: projectAreas.name }).from(projectAreas).orderBy(asc(projectAreas.name)).limit(6)).map((a) => a.name).join(',');
  const range = dateRangeBounds('this-month');
  return {
    page: (page: number, size: number) =>
      `/org/applications?${new URLSearchParams({ status: 'SUBMITTED_ANY', range: 'this-month', location, page: String(page), size: String(size) })}`,
    api: (page: number, size: number) => `/api/v1/organization/${orgId}/applications?${new URLSearchParams({
      page: String(page), limit: String(size), projectLocation: location, status: 'SUBMITTED_ANY', startDate: range.startDate, endDate: range.endDate,
    })}`,
  };
}

/** The bench organizations' ids (001 first) and their admins' emails, as stored. */
export async function benchOrganizations(db: Db): Promise<{ orgIds: string[]; adminEmails: string[] }> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.legalName })
    .from(organizations)
    .where(like(organizations.legalName, `${BENCH_ORG_PREFIX}%`))
    .orderBy(asc(organizations.legalName));
  return { orgIds: rows.map((r) => r.id), adminEmails: rows.map((_r, i) => benchAdminEmail(i + 1)) };
}

export async function seedLarge(db: Db, opts: SeedLargeOptions = {}): Promise<SeedLargeResult> {
  const orgCount = opts.organizations ?? 200;
  const total = opts.applications ?? 10_000;
  const bigOrgShare = opts.bigOrgShare ?? 0.1;
  const batchSize = opts.batchSize ?? 500;
  const now = (opts.now ?? new Date()).getTime();
  const started = Date.now();

  // Bench organizations already there: top their applications up to `total` (none added when they hold as many).
  const existing = await benchOrganizations(db);
  const have = existing.orgIds.length ? await benchApplicationTotal(db) : 0;
  if (existing.orgIds.length && have >= total) {
    return { seeded: false, organizations: existing.orgIds.length, applications: 0, ...existing, ms: Date.now() - started };
  }

  const [program] = await db.select({ id: programs.id }).from(programs).orderBy(asc(programs.createdAt)).limit(1);
  if (!program) throw new Error('No programme found: run the demo seed (npm start, or prepareDatabase) first.');
  const areas = (await db.select({ name: projectAreas.name }).from(projectAreas).orderBy(asc(projectAreas.name))).map((a) => a.name);
  if (areas.length === 0) throw new Error('No project areas found: run the demo seed first.');
  const technologies = TECHNOLOGY_TYPES.filter(isEligibleTechnology);
  const [stateAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'state.admin@example.gov')).limit(1);

  const fresh = existing.orgIds.length === 0;
  const orgIds = fresh ? Array.from({ length: orgCount }, () => crypto.randomUUID()) : existing.orgIds;
  const adminEmails = fresh ? Array.from({ length: orgCount }, (_v, i) => benchAdminEmail(i + 1)) : existing.adminEmails;
  const adminIds = fresh ? orgIds.map(() => crypto.randomUUID()) : await idsByEmail(db, adminEmails);
  const iso = (ms: number) => new Date(ms).toISOString();

  if (fresh) await db.transaction(async (tx) => {
    for (let start = 0; start < orgCount; start += batchSize) {
      const ids = orgIds.slice(start, start + batchSize).map((id, k) => ({ id, n: start + k + 1 }));
      const createdAt = iso(now - 150 * DAY);
      await tx.execute(sql`
        insert into organizations (id, legal_name, status, created_at, updated_at)
        values ${values(ids.map(({ id, n }) => sql`(${id}::uuid, ${benchOrgName(n)}, 'active', ${createdAt}::timestamptz, ${createdAt}::timestamptz)`))}`);
      await tx.execute(sql`
        insert into users (id, email, first_name, last_name, status, role_type, created_at, updated_at)
        values ${values(ids.map(({ n }) => sql`(${adminIds[n - 1]!}::uuid, ${adminEmails[n - 1]!}, 'Bench', ${`Admin ${n}`}, 'active', 'org', ${createdAt}::timestamptz, ${createdAt}::timestamptz)`))}`);
      await tx.execute(sql`
        insert into memberships (user_id, organization_id, role, status, created_at)
        values ${values(ids.map(({ id, n }) => sql`(${adminIds[n - 1]!}::uuid, ${id}::uuid, 'Organization_Admin', 'active', ${createdAt}::timestamptz)`))}`);
    }
  });

  // One transaction per batch: a top-up that stops half-way resumes from the count of what is there.
  for (let start = have; start < total; start += batchSize) {
    // The batch's rows are found by id: keep the planner's idea of the table's size current as it grows.
    if ((start - have) % (batchSize * 10) === batchSize) await db.execute(sql`analyze applications`);
    await db.transaction(async (tx) => {
      const batch: SQL[] = [];
      const batchIds: string[] = [];
      for (let i = start; i < Math.min(total, start + batchSize); i++) {
        const id = benchApplicationId(i);
        const org = orgIndexOf(i, orgIds.length, bigOrgShare);
        const status = STATUS_MIX[mix(i, 1) % STATUS_MIX.length]!;
        const area = areas[mix(i, 2) % areas.length]!;
        const technology = technologies[mix(i, 3) % technologies.length]!;
        const created = now - (mix(i, 4) % (120 * 24 * 60)) * MINUTE - MINUTE;
        const submitted = status === 'DRAFT' || status === 'CANCELLED'
          ? null
          : Math.min(now - MINUTE, created + (mix(i, 5) % (14 * 24 * 60)) * MINUTE);
        const admin = adminIds[org]!;
        batchIds.push(id);
        batch.push(sql`(${id}, ${program.id}::uuid, ${orgIds[org]!}::uuid, ${status}, ${area}, ${technology}, ${admin}::uuid,
          ${submitted === null ? null : admin}::uuid, ${submitted === null ? null : iso(submitted)}::timestamptz,
          ${status === 'CANCELLED' ? 'Folded into another application (bench data).' : null},
          ${iso(created)}::timestamptz, ${iso(submitted ?? created)}::timestamptz)`);
      }
      await tx.execute(sql`
        insert into applications (id, program_id, organization_id, status, project_location, technology_type, created_by,
          submitted_by, submitted_at, cancel_reason, created_at, updated_at)
        values ${values(batch)}`);
      const inBatch = sql`a.id in (${sql.join(batchIds.map((id) => sql`${id}`), sql`, `)})`;
      // Set-based rows for the batch: section rows, the answers fixed at creation, the history.
      await tx.execute(sql`
        insert into application_sections (application_id, section_id, status, updated_at)
        select a.id, s.id, case when a.status = 'DRAFT' then 'NOT_STARTED' else 'COMPLETED' end, a.updated_at
        from applications a join sections s on s.program_id = a.program_id
        where ${inBatch}`);
      await tx.execute(sql`
        insert into answers (application_id, question_id, value, updated_by, updated_at)
        select a.id, q.id,
          case q.system_no when '179' then to_jsonb(a.id) when '21' then to_jsonb(a.project_location) else to_jsonb(a.technology_type) end,
          a.created_by, a.created_at
        from applications a
          join sections s on s.program_id = a.program_id and not s.is_entity_profile
          join questions q on q.section_id = s.id and q.system_no in ('179', '21', '24')
        where ${inBatch}`);
      await tx.execute(sql`
        insert into logged_actions (application_id, organization_id, user_id, action, entity, to_status, details, created_at)
        select a.id, a.organization_id, a.created_by, 'APPLICATION_CREATED', 'application', 'DRAFT',
          jsonb_build_object('projectLocation', a.project_location, 'technologyType', a.technology_type, 'bench', true), a.created_at
        from applications a where ${inBatch}`);
      await tx.execute(sql`
        insert into logged_actions (application_id, organization_id, user_id, action, entity, from_status, to_status, created_at)
        select a.id, a.organization_id, a.submitted_by, 'APPLICATION_SUBMITTED', 'application', 'DRAFT', 'SUBMITTED', a.submitted_at
        from applications a where ${inBatch} and a.submitted_at is not null`);
      await tx.execute(sql`
        insert into logged_actions (application_id, organization_id, user_id, action, entity, from_status, to_status, comments, created_at)
        select a.id, a.organization_id, ${stateAdmin?.id ?? null}::uuid, 'STATUS_CHANGED', 'application',
          case when a.submitted_at is null then 'DRAFT' else 'SUBMITTED' end, a.status, a.cancel_reason,
          coalesce(a.submitted_at, a.created_at) + interval '1 minute'
        from applications a where ${inBatch} and a.status not in ('DRAFT', 'SUBMITTED')`);
    });
  }

  // What autovacuum does on PostgreSQL some time after a bulk load, and nothing does on PGlite: fresh
  // statistics for the planner, and the visibility map that lets a count read the index alone.
  await db.execute(sql`vacuum analyze`);
  return { seeded: true, organizations: orgIds.length, applications: total - have, orgIds, adminEmails, ms: Date.now() - started };
}

/** How many bench applications (GA-B…) there are. */
async function benchApplicationTotal(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(applications).where(like(applications.id, 'GA-B%'));
  return row?.n ?? 0;
}

/** User ids in the order of the emails given. */
async function idsByEmail(db: Db, emails: string[]): Promise<string[]> {
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return emails.map((e) => byEmail.get(e)!);
}

/** How many applications each bench organization holds (for the bench's report). */
export async function benchApplicationCounts(db: Db, orgIds: string[]): Promise<Map<string, number>> {
  if (orgIds.length === 0) return new Map();
  const rows = await db
    .select({ org: applications.organizationId, n: count() })
    .from(applications)
    .where(inArray(applications.organizationId, orgIds))
    .groupBy(applications.organizationId);
  return new Map(rows.map((r) => [r.org, r.n]));
}

async function main() {
  const { readEnv } = await import('../server/env');
  const { prepareDatabase } = await import('../server/portal');
  const env = readEnv();
  const database = await prepareDatabase(env);
  try {
    const result = await seedLarge(database.db);
    if (result.seeded) {
      console.log(`Added ${result.applications} applications over ${result.organizations} bench organizations in ${(result.ms / 1000).toFixed(1)} s (${database.kind}).`);
      console.log(`Sign in as ${result.adminEmails[0]} (Bench Organization 001 holds the most applications).`);
    } else {
      console.log(`The ${result.organizations} bench organizations are already there: nothing added (${database.kind}).`);
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
