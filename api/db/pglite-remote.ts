// The embedded database on its own thread (decision 076), seen from the portal's main thread: an object with the
// part of PGlite's interface the portal uses (query, exec, transaction, dumpDataDir, close), so drizzle's PGlite
// driver and fromPglite take it as they take PGlite itself.
//
// Each call is one message to pglite-thread.ts and one answer back, matched by id. Calls are sent at once, not
// one after the other: the thread runs them in the order they came (its turns, decision 079), so the database is never
// idle while the main thread is busy. A transaction is 'begin' (answered once the thread has opened it, so after any
// transaction before it), its statements marked with the begin's id, then 'end' (commit, or roll back when its
// callback threw).
import type { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { PGLITE_UNAVAILABLE } from './errors';
import { startThread } from '../worker-thread';

export interface PgliteThreadOptions {
  /** A PGlite directory, made from the build's template when new (as openDatabase does in-process). */
  dataDir?: string;
  /** A dump (dumpDataDir's .tar.gz) to start an in-memory database from (the bench). */
  loadDump?: string;
}

export interface ThreadError {
  name: string;
  message: string;
  /** The error's own fields: PostgreSQL's code, detail, constraint, table… */
  fields: Record<string, unknown>;
}

export type ToThread = { id: number } & (
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression: 'gzip' | 'none' | 'auto' }
  | { op: 'close' }
);

export type FromThread = { id: number } & ({ ok: true; result: unknown } | { ok: false; error: ThreadError });

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type Call = Distribute<ToThread>;

/** What every call answers once the thread is gone: isDatabaseUnavailable reads its code (a 503, /healthz failing). */
const unavailable = (message: string, cause?: unknown) => Object.assign(new Error(message, { cause }), { code: PGLITE_UNAVAILABLE });

/** The thread's error as an Error again, with PostgreSQL's fields (code, detail…) where the portal reads them. */
function reviveError(error: ThreadError): Error {
  const err = new Error(error.message);
  err.name = error.name;
  Object.assign(err, error.fields);
  return err;
}

const checkedParsers = new WeakMap<object, number[]>();

/**
 * The OIDs drizzle asks to be read as text: functions do not cross threads, and drizzle's parsers are all
 * `(value) => value`. Any other parser (a later drizzle's) is refused here rather than dropped without a word.
 */
function textTypes(parsers: Record<number, unknown> | undefined): number[] | undefined {
  if (!parsers) return undefined;
  let oids = checkedParsers.get(parsers);
  if (!oids) {
    const probe = 'pglite-remote';
    for (const [oid, parser] of Object.entries(parsers)) {
      if (typeof parser !== 'function' || parser(probe) !== probe) throw new Error(`PgliteRemote: the parser of type ${oid} is not (value) => value, and cannot run on the database's thread.`);
    }
    oids = Object.keys(parsers).map(Number);
    checkedParsers.set(parsers, oids);
  }
  return oids;
}

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

export class PgliteRemote {
  /** The thread (not #private: a test stops it the way a crash would). */
  private readonly worker: Worker;
  #next = 1;
  #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  #failure: Error | undefined;
  closed = false;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (message: FromThread) => {
      const call = this.#pending.get(message.id);
      if (!call) return;
      this.#pending.delete(message.id);
      if (message.ok) call.resolve(message.result);
      else call.reject(reviveError(message.error));
    });
    worker.on('error', (err) => this.#fail(unavailable(`The embedded database stopped: ${err.message}`, err)));
    worker.on('exit', (code) => this.#fail(unavailable(`The embedded database stopped (its thread exited with code ${code}).`)));
    this.lost = new Promise((resolve) => (this.#lost = resolve));
  }

  /** Settles when the thread stops on its own (a crash, not close()): every call since has failed. */
  readonly lost: Promise<Error>;
  #lost!: (err: Error) => void;

  #fail(err: Error, lost = true) {
    if (this.#failure) return;
    this.#failure = err;
    this.closed = true;
    for (const call of this.#pending.values()) call.reject(err);
    this.#pending.clear();
    if (lost) this.#lost(err);
  }

  /** Starts the thread and waits for its database to open. */
  static async start(options: PgliteThreadOptions): Promise<PgliteRemote> {
    // build/server/pglite-thread.js in the build, api/db/pglite-thread.ts from source.
    const worker = startThread(import.meta.url, 'pglite-thread', options);
    const remote = new PgliteRemote(worker);
    // The thread answers id 0 once the database is open (or failed to open).
    try {
      await new Promise((resolve, reject) => remote.#pending.set(0, { resolve, reject }));
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return remote;
  }

  /** Sends one call; its id (a transaction's statements carry the id of its 'begin') and its answer. */
  #send<T>(call: Call): { id: number; answer: Promise<T> } {
    const id = this.#next++;
    if (this.#failure) return { id, answer: Promise.reject(this.#failure) };
    const answer = new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...call, id });
    });
    return { id, answer };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    let types: number[] | undefined;
    try {
      types = textTypes(options?.parsers);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.#send<Results<T>>({ op: 'query', sql, params, rowMode: options?.rowMode, textTypes: types, tx }).answer;
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.#send<Results[]>({ op: 'exec', sql, tx }).answer;
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const begin = this.#send({ op: 'begin' });
    await begin.answer;
    let result: T;
    try {
      result = await fn(this.#transactionHandle(begin.id));
    } catch (err) {
      // What the callback threw is the answer; a rollback that fails too (the thread gone) adds nothing to it.
      await this.#send({ op: 'end', tx: begin.id, commit: false }).answer.catch(() => {});
      throw err;
    }
    await this.#send({ op: 'end', tx: begin.id, commit: true }).answer;
    return result;
  }

  #transactionHandle(id: number): Transaction {
    const handle = {
      query: (sql: string, params?: unknown[], options?: QueryOptions) => this.query(sql, params, options, id),
      exec: (sql: string) => this.exec(sql, id),
      sql: () => {
        throw new Error('PgliteRemote: tagged-template queries are not supported in a transaction.');
      },
      rollback: () => {
        throw new Error('PgliteRemote: roll back by throwing from the transaction.');
      },
      listen: () => {
        throw new Error('PgliteRemote: LISTEN is not supported.');
      },
      closed: false,
    };
    return handle as unknown as Transaction;
  }

  async dumpDataDir(compression: 'gzip' | 'none' | 'auto' = 'auto'): Promise<File> {
    const bytes = await this.#send<Uint8Array<ArrayBuffer>>({ op: 'dump', compression }).answer;
    return new File([bytes], 'pgdata.tar.gz');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.#send({ op: 'close' }).answer;
    this.#fail(unavailable('The embedded database is closed.'), false);
    await this.worker.terminate();
  }

  /** As PGlite, for fromPglite: drizzle's driver and the portal's own calls use no more than this. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
