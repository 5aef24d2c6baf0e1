// The embedded database's own thread (decision 076): PGlite runs here, so its statements run on the machine's
// other core while the portal's main thread renders pages. The main thread's side is pglite-remote.ts; the
// messages between the two are described there. PGlite's own locks keep its rules: one statement at a time,
// and nothing else while a transaction is open.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgliteTemplateFor } from './pglite-template';
import type { FromThread, PgliteThreadOptions, ThreadError, ToThread } from './pglite-remote';

const port = parentPort!;
const options = workerData as PgliteThreadOptions;

/** drizzle's parsers are all `(value) => value` for the types it reads as text: the same, rebuilt here. */
const asText = (oids: number[] | undefined) => (oids?.length ? Object.fromEntries(oids.map((oid) => [oid, (value: unknown) => value])) : undefined);

function errorOf(err: unknown): ThreadError {
  if (err instanceof Error) {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(err)) if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    return { name: err.name, message: err.message, fields };
  }
  return { name: 'Error', message: String(err), fields: {} };
}

/** Open transactions by the id of the message that began them: their PGlite handle and how to end them. */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void }>();
/** The promise of each open transaction's end, by the id of its 'begin'. */
const endings = new Map<number, Promise<void>>();
/** What a rolled-back transaction's callback throws, so PGlite rolls back without it counting as a failure. */
const ROLLBACK = Symbol('rollback');

async function open(): Promise<PGlite> {
  if (options.dataDir) return PGlite.create(options.dataDir, { loadDataDir: pgliteTemplateFor(options.dataDir) });
  if (options.loadDump) return PGlite.create({ loadDataDir: new Blob([fs.readFileSync(options.loadDump)]) });
  return PGlite.create();
}

const ready = open();
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

port.on('message', async (message: ToThread) => {
  const db = await ready;
  const { id } = message;
  switch (message.op) {
    case 'query':
    case 'exec': {
      // A statement of a transaction runs on its handle; any other, on the database (after any open transaction).
      const target = message.tx ? transactions.get(message.tx)?.tx : db;
      if (!target) return reply(id, Promise.reject(new Error('The transaction has ended.')));
      return reply(id, message.op === 'query'
        ? target.query(message.sql, message.params, { rowMode: message.rowMode, parsers: asText(message.textTypes) })
        : target.exec(message.sql));
    }
    case 'begin': {
      // The answer to 'begin' is sent once PGlite has opened the transaction (after any other one); the answer
      // to 'end', once it has committed or rolled back.
      let opened = false;
      const done = db.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            opened = true;
            transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
            port.postMessage({ id, ok: true, result: null } satisfies FromThread);
          }),
      );
      const ended = done
        .catch((err) => {
          if (err === ROLLBACK) return;
          // BEGIN itself failed: the answer to 'begin' is that error.
          if (!opened) port.postMessage({ id, ok: false, error: errorOf(err) } satisfies FromThread);
          throw err;
        })
        .finally(() => transactions.delete(id));
      ended.catch(() => {});
      endings.set(id, ended);
      return;
    }
    case 'end': {
      const open = transactions.get(message.tx);
      const ended = endings.get(message.tx);
      if (!open || !ended) return reply(id, Promise.reject(new Error('The transaction has ended.')));
      endings.delete(message.tx);
      open.end(message.commit);
      return reply(id, ended);
    }
    case 'dump':
      return reply(id, db.dumpDataDir(message.compression).then(async (file) => new Uint8Array(await file.arrayBuffer())));
    case 'close':
      return reply(id, db.closed ? Promise.resolve() : db.close());
  }
});
