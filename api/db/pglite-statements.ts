// The embedded database's statements as PostgreSQL's own prepared statements (decision 079). PGlite's query()
// sends each statement as an unnamed one, so PostgreSQL parses and plans it again every time, in six trips into
// the database and back, each answer read by PGlite's general protocol parser. Here a statement with parameters
// is parsed and described once, under a name, and from then on runs in one trip: Bind, Execute, Sync. Its rows
// are read straight from the answer's bytes. The results are PGlite's own shape (rows, fields, command,
// affectedRows, rowCount), its type parsers and serializers are used, and its errors are its DatabaseErrors.
//
// Every statement runs in one synchronous call into the database, so statements cannot interleave; which of them
// may run while a transaction is open is the caller's rule (pglite-thread.ts).
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
type Field = { name: string; dataTypeID: number };
type Parser = (value: string, typeId?: number) => unknown;

/** A statement PostgreSQL holds under a name: its parameters' types and its result's columns. */
type Prepared = { name: string; paramTypes: number[]; fields: Field[] };

export type StatementOptions = { rowMode?: 'array' | 'object'; textTypes?: number[] };

/** Named statements held at once; the one used longest ago is closed for a new one. */
export const PREPARED_LIMIT = 256;

const { serialize } = protocol;
const EXECUTE_AND_SYNC = concat([serialize.execute({}), serialize.sync()]);
const SYNC = serialize.sync();
/** The commands whose tag's count is rows changed (PGlite's parseResults counts the same). */
const CHANGING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
/** A named statement that is no longer what its name was made for: made again once. */
const STALE = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return e.code === '26000' || (e.code === '0A000' && e.message?.startsWith('cached plan must not change result type'));
};

/** Names are unique in the thread, so two of these on one database (a test) never take each other's. */
let named = 0;

export class PgliteStatements {
  readonly #db: PGlite;
  /** By statement text, in order of last use (a Map keeps insertion order). */
  readonly #prepared = new Map<string, Prepared>();
  /**
   * Drizzle's "read as text" types over PGlite's parsers, by those types. PGlite's own stay their prototype, so a
   * parser PGlite adds later (`refreshArrayTypes()` after a new type) is read through, not missed by a copy.
   */
  readonly #parsers = new Map<string, Record<number, Parser>>();

  constructor(db: PGlite, readonly limit = PREPARED_LIMIT) {
    this.#db = db;
    // Each run is planned for its own parameters, as PGlite's unnamed statements were and as the PostgreSQL engine's
    // connections are (decision 020). After five runs PostgreSQL
    // would otherwise keep a generic plan when its estimate looks cheaper; for the lists (filters, ORDER BY, LIMIT)
    // that estimate is one row, and the plan it keeps joins and sorts every matching row instead of reading the
    // index in order and stopping at the page (decision 079: 1.83 against 1.33 ms at 100k, and worse the broader
    // the filter).
    this.exec('SET plan_cache_mode = force_custom_plan');
  }

  /** Named statements held now (the tests read it). */
  get preparedCount(): number {
    return this.#prepared.size;
  }

  /** One statement (extended protocol), as PGlite's query() answers it. */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options: StatementOptions = {}, inTransaction = false): Results<T> {
    this.#open();
    if (params.length === 0) return this.#unnamed(sql, options) as Results<T>;
    try {
      return this.#run(this.#prepare(sql), sql, params, options) as Results<T>;
    } catch (err) {
      if (!STALE(err)) throw err;
      this.#forget(sql);
      // In a transaction the error has already ended it: the next statement there fails anyway.
      if (inTransaction) throw err;
      return this.#run(this.#prepare(sql), sql, params, options) as Results<T>;
    }
  }

  /** One or more statements (simple protocol), as PGlite's exec() answers them. */
  exec(sql: string): Results[] {
    this.#open();
    return parse.parseResults(this.#messages(this.#send(serialize.query(sql)), sql), this.#db.parsers);
  }

  /**
   * One trip into the database: the answer's bytes. PGlite's execProtocolRawSync would also read every message of
   * the answer into objects (each row's values as strings) that nothing here reads, for PGlite's own query(); its
   * stream form hands over the bytes alone (0.89 against 0.59 ms for a list's page of 25 rows). The work is done
   * within the call, as with execProtocolRawSync (nothing is awaited without syncToFs). An answer always ends with
   * ReadyForQuery: one without it is a database that failed outside PostgreSQL's own errors.
   */
  #send(message: Uint8Array): Uint8Array {
    const chunks: Uint8Array[] = [];
    // The bytes are a view of the database's memory, which the next call writes over: copied at once.
    const done = this.#db.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => void chunks.push(bytes.slice()) });
    // Settled by now; a failure's own error is only told to the log (it settles after this returns).
    done.catch((err) => console.error('The embedded database failed during a statement', err));
    const answer = chunks.length === 1 ? chunks[0]! : concat(chunks);
    if (!endsReady(answer)) throw new Error('The embedded database gave no complete answer');
    return answer;
  }

  /** As PGlite refuses a statement once closed (errors.ts reads this message as "unavailable"). */
  #open() {
    if (this.#db.closed) throw new Error('PGlite is closed');
  }

  #prepare(sql: string): Prepared {
    const held = this.#prepared.get(sql);
    if (held) {
      this.#prepared.delete(sql);
      this.#prepared.set(sql, held);
      return held;
    }
    const name = `portal_${++named}`;
    const out: Uint8Array[] = [];
    if (this.#prepared.size >= this.limit) {
      const [oldSql, old] = this.#prepared.entries().next().value!;
      this.#prepared.delete(oldSql);
      out.push(serialize.close({ type: 'S', name: old.name }));
    }
    out.push(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), SYNC);
    const messages = this.#messages(this.#send(concat(out)), sql);
    let paramTypes: number[] = [];
    let fields: Field[] = [];
    for (const m of messages) {
      if (m instanceof protocol.messages.ParameterDescriptionMessage) paramTypes = m.dataTypeIDs;
      else if (m instanceof protocol.messages.RowDescriptionMessage) fields = fieldsOf(m);
    }
    const prepared = { name, paramTypes, fields };
    this.#prepared.set(sql, prepared);
    return prepared;
  }

  #forget(sql: string) {
    const held = this.#prepared.get(sql);
    if (!held) return;
    this.#prepared.delete(sql);
    this.#send(concat([serialize.close({ type: 'S', name: held.name }), SYNC]));
  }

  #run(prepared: Prepared, sql: string, params: unknown[], options: StatementOptions): Results {
    const values = params.map((param, i) => this.#serialized(param, prepared.paramTypes[i]!));
    const answer = this.#send(concat([serialize.bind({ statement: prepared.name, values }), EXECUTE_AND_SYNC]));
    return this.#rows(answer, prepared.fields, sql, params, options);
  }

  /** A statement without parameters (DDL, VACUUM, a constant query): parsed each time, in one trip. */
  #unnamed(sql: string, options: StatementOptions): Results {
    const answer = this.#send(concat([
      serialize.parse({ text: sql }),
      serialize.bind({}),
      serialize.describe({ type: 'P' }),
      EXECUTE_AND_SYNC,
    ]));
    return this.#rows(answer, undefined, sql, [], options);
  }

  /** As PGlite serializes a parameter: by the type PostgreSQL gave it, else its string. */
  #serialized(param: unknown, type: number): string | null {
    if (param === null || param === undefined) return null;
    const serializer = this.#db.serializers[type];
    return serializer ? serializer(param) : String(param);
  }

  #parsersFor(textTypes: number[] | undefined): Record<number, Parser> {
    const key = textTypes?.join(',') ?? '';
    let parsers = this.#parsers.get(key);
    if (!parsers) {
      parsers = Object.create(this.#db.parsers) as Record<number, Parser>;
      for (const oid of textTypes ?? []) parsers[oid] = (value) => value;
      this.#parsers.set(key, parsers);
    }
    return parsers;
  }

  /**
   * The rows of an answer to Bind/Execute/Sync (with Parse and Describe before them when unnamed), read from its
   * bytes: DataRow, CommandComplete and RowDescription; an error goes to PGlite's parser to be its DatabaseError.
   */
  #rows(answer: Uint8Array, known: Field[] | undefined, sql: string, params: unknown[], options: StatementOptions): Results {
    const data = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
    const parsers = this.#parsersFor(options.textTypes);
    const asArrays = options.rowMode === 'array';
    let fields = known ?? [];
    const rows: unknown[] = [];
    let result: Results | undefined;
    let affectedRows = 0;
    for (let at = 0; at < data.length; ) {
      const type = data[at]!;
      const end = at + 1 + data.readInt32BE(at + 1);
      if (type === 0x44 /* D: DataRow */) {
        const count = data.readInt16BE(at + 5);
        const values: unknown[] = new Array(count);
        let p = at + 7;
        for (let i = 0; i < count; i++) {
          const length = data.readInt32BE(p);
          p += 4;
          if (length < 0) {
            values[i] = null;
            continue;
          }
          const text = data.toString('utf8', p, p + length);
          p += length;
          const typeId = fields[i]!.dataTypeID;
          const parser = parsers[typeId];
          values[i] = parser ? parser(text, typeId) : text;
        }
        if (asArrays) rows.push(values);
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < count; i++) row[fields[i]!.name] = values[i];
          rows.push(row);
        }
      } else if (type === 0x43 /* C: CommandComplete */) {
        const tag = data.toString('utf8', at + 5, end - 1).split(' ');
        const command = tag[0]!;
        const count = parseInt(tag[tag.length - 1]!, 10);
        if (CHANGING.has(command)) affectedRows += count;
        result = { rows, fields, command, affectedRows } as Results;
        if (!Number.isNaN(count)) (result as { rowCount?: number }).rowCount = count;
      } else if (type === 0x54 /* T: RowDescription */) {
        for (const m of this.#messages(answer.subarray(at, end), sql)) {
          if (m instanceof protocol.messages.RowDescriptionMessage) fields = fieldsOf(m);
        }
      } else if (type === 0x45 /* E: ErrorResponse */) {
        this.#messages(answer.subarray(at, end), sql, params);
      }
      at = end;
    }
    return result ?? ({ affectedRows: 0, rows: [], fields: [] } as unknown as Results);
  }

  /** An answer read by PGlite's own protocol parser; its first error is thrown as PGlite throws it. */
  #messages(answer: Uint8Array, sql: string, params?: unknown[]): BackendMessage[] {
    const messages: BackendMessage[] = [];
    new protocol.Parser().parse(answer, (m) => messages.push(m));
    const error = messages.find((m) => m instanceof protocol.messages.DatabaseError);
    if (error) throw Object.assign(error, { query: sql, params });
    return messages;
  }
}

/** A result's columns as PGlite's results give them. */
function fieldsOf(description: InstanceType<typeof protocol.messages.RowDescriptionMessage>): Field[] {
  return description.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
}

/** Whether an answer's last message is ReadyForQuery ('Z', length 5, a status byte). */
function endsReady(answer: Uint8Array): boolean {
  const at = answer.length - 6;
  return at >= 0 && answer[at] === 0x5a && answer[at + 1] === 0 && answer[at + 2] === 0 && answer[at + 3] === 0 && answer[at + 4] === 5;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
