// Paging of every list (spec 3: page, pageSize, totalRecords, totalPages). One place for the query's
// page and limit and their bounds, the envelope, and the one statement that counts the matches and reads
// the page (decision 012):
//
//   select total.n, page.* from (select count(*) n from … where W) total
//   left join lateral (select … where W order by … limit $limit offset $offset) page on true
//
// The count row is always there, so a page past the end still says how many there are (no second query).
// A page whose order reads only the counted table is limited before its joins (decision 086):
//
//   left join lateral (select … from (select <the table's columns it needs> … where W order by … limit …) <table>
//                      join … order by …) page on true
//
// so the joined tables are read for the page's rows alone, and the planner weighs the table's indexes once, not
// again for each join.
// Statements are prepared once per shape of filters (drizzle's .prepare: named statements on PostgreSQL,
// the built SQL kept on both engines) and run with placeholders.
import { z } from 'zod';
import { Column, count, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../domain/constants';

/** ?page (from 1) and ?limit (1..maxLimit), as every list reads them. */
export function pageQuery(maxLimit: number) {
  return z.object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(DEFAULT_PAGE_SIZE),
  });
}

export interface PageRequest {
  page: number;
  limit: number;
}

/** The placeholders every paged statement takes, besides its filters. */
export const pagePlaceholders = (p: PageRequest) => ({ limit: p.limit, offset: (p.page - 1) * p.limit });

/** The paging envelope every list answers with (spec 3: page, pageSize, totalRecords, totalPages). */
export function pageEnvelope(page: number, limit: number, totalRecords: number) {
  return { page, pageSize: limit, totalRecords, totalPages: Math.max(1, Math.ceil(totalRecords / limit)) };
}

/** A list's placeholder: sql.placeholder with the name checked against the values passed at run time. */
export const param = (name: string) => sql.placeholder(name);

/** `column = any($name)` for a list of values (one placeholder, whatever the list's length). */
export const anyOf = (column: PgColumn, name: string) => sql`${column} = any(${param(name)}::text[])`;

interface PagedSelect {
  /** The rows of the page, keyed as the caller wants them. */
  columns: Record<string, PgColumn | SQL.Aliased>;
  /**
   * The table counted and paged, and the joins the page needs (the count reads the table alone, so `where` reads only
   * it). A join adds columns to a row: it joins at most one row to it (by a key) and removes none (an inner join
   * follows a foreign key), so limiting the rows before or after the joins gives the same page.
   */
  from: PgTable;
  join?: (q: any) => any;
  where: SQL | undefined;
  orderBy: (SQL | PgColumn)[];
}

/** The columns that `parts` read (drizzle's SQL chunks, walked). */
function columnsIn(parts: unknown[], found: PgColumn[] = []): PgColumn[] {
  for (const part of parts) {
    if (is(part, Column)) found.push(part as PgColumn);
    else if (is(part, SQL)) columnsIn(part.queryChunks, found);
    else if (is(part, SQL.Aliased)) columnsIn([part.sql], found);
    else if (Array.isArray(part)) columnsIn(part, found);
  }
  return found;
}

/** The page's select (rows, joins, order, limit), its table limited before the joins where its order allows. */
function pageSelect(db: Db, q: PagedSelect) {
  const ordered = (query: any) => query.orderBy(...q.orderBy);
  const limited = (query: any) => query.limit(param('limit')).offset(param('offset'));
  const joined = (from: any) => {
    const query = db.select(q.columns).from(from);
    return q.join ? q.join(query) : query;
  };
  const plain = joined(q.from);
  const joins: { on?: SQL }[] = plain.config.joins ?? [];
  if (!joins.length || columnsIn(q.orderBy).some((c) => c.table !== q.from)) return limited(ordered(plain.where(q.where)));
  // The table's columns that the rows, the joins and the order read, under the table's own name, so that every
  // reference to the table reads the limited rows.
  const needed = columnsIn([...Object.values(q.columns), ...joins.map((j) => j.on), ...q.orderBy]).filter((c) => c.table === q.from);
  const rows = limited(ordered(db.select(Object.fromEntries(needed.map((c) => [c.name, c]))).from(q.from).where(q.where)))
    .as(getTableName(q.from));
  return ordered(joined(rows));
}

/**
 * Prepared paged statements of one list, one per shape of its filters: `statement(shape, build)` builds
 * and prepares on first use, then reuses. Each runs as `execute({ ...filters, ...pagePlaceholders(p) })`
 * and answers `{ total, rows }`.
 */
export function pagedStatements<Row extends Record<string, unknown>>(db: Db, name: string) {
  const prepared = new Map<string, { execute(values: Record<string, unknown>): Promise<{ n: number; row: Row | null }[]> }>();
  return async (shape: string, build: () => PagedSelect, values: Record<string, unknown>): Promise<{ total: number; rows: Row[] }> => {
    let statement = prepared.get(shape);
    if (!statement) {
      const q = build();
      const total = db.select({ n: count().as('n') }).from(q.from).where(q.where).as('total');
      const page = pageSelect(db, q).as('page');
      const rowFields = Object.fromEntries(Object.keys(q.columns).map((k) => [k, page[k]]));
      statement = db
        .select({ n: total.n, row: rowFields })
        .from(total)
        .leftJoinLateral(page, sql`true`)
        .prepare(`${name}_${shape}`.slice(0, 60)) as never;
      prepared.set(shape, statement!);
    }
    const result = await statement!.execute(values);
    const total = Number(result[0]?.n ?? 0);
    return { total, rows: result.flatMap((r) => (r.row ? [r.row] : [])) };
  };
}
