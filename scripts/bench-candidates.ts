// The candidate dashboard's bench data (issue 12 benchmark "the candidate dashboard for 200 project areas"; decision
// 043): 200 project areas "Bench Area 001".."200" and, in all but the last ten, applications past gating with a BEAD
// request (28) of their own, owned by the bench organizations (scripts/seed-large.ts), so each area ranks several
// with an outlay per location; the last ten areas stay uncovered. Raw SQL in batches; idempotent.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../api/db/client';
import { PAST_GATING_STATUSES } from '../domain/candidates';

export const CANDIDATE_AREAS = 200;
const UNCOVERED = 10;
const PER_AREA = 6;
export const candidateAreaName = (n: number) => `Bench Area ${String(n).padStart(3, '0')}`;
/** GA-Q + the index in base 36 (5 characters): apart from seed-large's GA-B… */
const candidateId = (i: number) => `GA-Q${i.toString(36).toUpperCase().padStart(5, '0')}`;

/** The areas and applications, unless they are there already; answers how many of each the dashboard then has. */
export async function seedCandidateAreas(db: Db): Promise<{ areas: number; applications: number }> {
  const covered = CANDIDATE_AREAS - UNCOVERED;
  const have = (await db.execute(sql`select count(*)::int as n from project_areas where name like 'Bench Area %'`)) as unknown as { rows: { n: number }[] };
  if (Number(have.rows[0]?.n ?? 0) < CANDIDATE_AREAS) {
    await db.execute(sql`
      insert into project_areas (name, unserved_locations_count, underserved_locations_count, served_locations_count, cai_count, is_sample)
      select 'Bench Area ' || lpad(n::text, 3, '0'), 50 + (n * 37) % 400, (n * 11) % 120, (n * 7) % 300, 1 + n % 9, true
      from generate_series(1, ${CANDIDATE_AREAS}) n
      on conflict (name) do nothing`);
    const rows: SQL[] = [];
    for (let area = 1; area <= covered; area++) {
      for (let k = 0; k < PER_AREA; k++) {
        const i = (area - 1) * PER_AREA + k;
        const status = PAST_GATING_STATUSES[(area + k) % PAST_GATING_STATUSES.length]!;
        rows.push(sql`(${candidateId(i)}, ${candidateAreaName(area)}, ${status}, ${String(200_000 + ((i * 7919) % 900) * 1000)})`);
      }
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with wanted (id, area, status, request) as (values ${sql.join(rows, sql`, `)}),
        owner as (select o.id as organization_id, m.user_id from organizations o join memberships m on m.organization_id = o.id
                  where o.legal_name like 'Bench Organization %' order by o.legal_name limit 1),
        program as (select id from programs order by created_at limit 1)
        insert into applications (id, program_id, organization_id, status, project_location, technology_type, created_by, submitted_by, submitted_at)
        select w.id, p.id, o.organization_id, w.status, w.area, 'Fiber to the premises', o.user_id, o.user_id, now() - interval '30 days'
        from wanted w cross join owner o cross join program p
        on conflict (id) do nothing`);
      await tx.execute(sql`
        with wanted (id, area, status, request) as (values ${sql.join(rows, sql`, `)})
        insert into answers (application_id, question_id, value)
        select w.id, q.id, to_jsonb(w.request)
        from wanted w join applications a on a.id = w.id
          join sections s on s.program_id = a.program_id join questions q on q.section_id = s.id and q.system_no = '28'
        on conflict (application_id, question_id) do nothing`);
    });
  }
  const counted = (await db.execute(sql`
    select (select count(*)::int from project_areas) as areas,
           (select count(*)::int from applications where status in (${sql.join(PAST_GATING_STATUSES.map((s) => sql`${s}`), sql`, `)})) as applications`)) as unknown as { rows: { areas: number; applications: number }[] };
  return { areas: Number(counted.rows[0]!.areas), applications: Number(counted.rows[0]!.applications) };
}

/** Takes the bench areas and their applications away again, so the next scale (and its kept dump) is seed-large's alone. */
export async function removeCandidateAreas(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from applications where id like 'GA-Q%' and project_location like 'Bench Area %'`);
    await tx.execute(sql`delete from project_areas where name like 'Bench Area %'`);
  });
}
