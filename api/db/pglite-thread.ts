// The embedded database's own thread (decision 076): PGlite runs here, so its statements run on the machine's
// other core while the portal's main thread renders pages. The main thread's side is pglite-remote.ts; the
// messages between the two are described there. Statements run through PGlite's documented `query` and `exec`
// (decision 096); the turns below keep PGlite's rule that nothing else runs while a transaction is open.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, TransactionAbortedError } from '@electric-sql/pglite';
import { pgliteTemplateFor } from './pglite-template';
import { nameThisThread, THREAD_NAMES } from '../worker-thread';
import type { FromThread, PgliteThreadOptions, ThreadError, ToThread } from './pglite-remote';

nameThisThread(THREAD_NAMES.pglite);
const port = parentPort!;
const options = workerData as PgliteThreadOptions;

function errorOf(err: unknown): ThreadError {
  if (err instanceof Error) {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(err)) if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    return { name: err.name, message: err.message, fields };
  }
  return { name: 'Error', message: String(err), fields: {} };
}

async function open(): Promise<PGlite> {
  if (options.dataDir) return PGlite.create(options.dataDir, { loadDataDir: pgliteTemplateFor(options.dataDir) });
  if (options.loadDump) return PGlite.create({ loadDataDir: new Blob([fs.readFileSync(options.loadDump)]) });
  return PGlite.create();
}

const ready = open().then((db) => ({ db }));
ready.then(
  () => port.postMessage({ id: 0, ok: true, result: null } satisfies FromThread),
  (err) => port.postMessage({ id: 0, ok: false, error: errorOf(err) } satisfies FromThread),
);

const reply = (id: number, work: Promise<unknown>) =>
  work.then(
    (result) => {
      try {
        port.postMessage({ id, ok: true, result } satisfies FromThread);
      } catch (err) {
        // An answer that cannot be copied to the main thread is that call's error, not the thread's end.
        port.postMessage({ id, ok: false, error: errorOf(err) } satisfies FromThread);
      }
    },
    (err) => port.postMessage({ id, ok: false, error: errorOf(err) } satisfies FromThread),
  );

/**
 * Whose turn it is: an open transaction (the id of its 'begin') or a dump running. Any other call waits
 * for it in `waiting`, in the order it came, as PGlite's own locks make statements wait for a transaction.
 */
let holder: number | undefined;
const waiting: (() => void)[] = [];

function inTurn(work: () => void) {
  if (holder === undefined && waiting.length === 0) work();
  else waiting.push(work);
}

function release() {
  holder = undefined;
  while (holder === undefined && waiting.length) waiting.shift()!();
}

/** A call answered from its work (PGlite runs one statement at a time, in the order they were asked for). */
function answer(id: number, work: () => Promise<unknown>) {
  try {
    return reply(id, work());
  } catch (err) {
    return reply(id, Promise.reject(err));
  }
}

/** Drizzle's "read as text" types over PGlite's parsers, by those types (PGlite merges them with its own). */
const textParsers = new Map<string, Record<number, (value: string) => unknown>>();
function parsersFor(textTypes: number[] | undefined) {
  if (!textTypes?.length) return undefined;
  const key = textTypes.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) textParsers.set(key, (parsers = Object.fromEntries(textTypes.map((oid) => [oid, (value: string) => value]))));
  return parsers;
}

/** As PGlite refuses a statement once closed (errors.ts reads this message as "unavailable"). */
function open_(db: PGlite) {
  if (db.closed) throw new Error('PGlite is closed');
}

port.on('message', async (message: ToThread) => {
  const { db } = await ready;
  const { id } = message;
  switch (message.op) {
    case 'query':
    case 'exec': {
      const run = () => answer(id, () => {
        open_(db);
        return message.op === 'query'
          ? db.query(message.sql, message.params, { rowMode: message.rowMode, parsers: parsersFor(message.textTypes) })
          : db.exec(message.sql);
      });
      if (message.tx === undefined) return inTurn(run);
      // A statement of a transaction runs in it, at once; after it has ended, it is refused.
      if (holder !== message.tx) return reply(id, Promise.reject(new Error('The transaction has ended.')));
      return run();
    }
    case 'begin':
      return inTurn(() => {
        holder = id;
        answer(id, async () => {
          try {
            open_(db);
            await db.exec('BEGIN');
          } catch (err) {
            release();
            throw err;
          }
          return null;
        });
      });
    case 'end':
      if (holder !== message.tx) return reply(id, Promise.reject(new Error('The transaction has ended.')));
      return answer(id, async () => {
        try {
          open_(db);
          const [result] = await db.exec(message.commit ? 'COMMIT' : 'ROLLBACK');
          // COMMIT of a transaction a failed statement ended rolls back: PGlite says so, as an error.
          if (message.commit && result?.command === 'ROLLBACK') throw new TransactionAbortedError();
          return null;
        } finally {
          release();
        }
      });
    case 'dump':
      // Nothing else runs while the files are read.
      return inTurn(() => {
        holder = id;
        reply(id, db.dumpDataDir(message.compression).then(async (file) => new Uint8Array(await file.arrayBuffer())).finally(release));
      });
    case 'close':
      // At once, as before: a transaction left open (a request that hung) must not keep the portal from stopping.
      return reply(id, db.closed ? Promise.resolve() : db.close());
  }
});
