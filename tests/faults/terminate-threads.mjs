// Preloaded (`node --import`) into a portal process by pglite-thread-lost.test.ts: keeps every worker thread the
// process starts, and on SIGUSR2 terminates them, as a thread that dies on its own would end (its 'exit' event). The
// portal's own code is not changed for the test: node:worker_threads' Worker is wrapped before the portal loads.
import workerThreads from 'node:worker_threads';
import { syncBuiltinESMExports } from 'node:module';

const started = [];
const Original = workerThreads.Worker;
workerThreads.Worker = class extends Original {
  constructor(...args) {
    super(...args);
    started.push(this);
  }
};
syncBuiltinESMExports();
process.on('SIGUSR2', () => {
  console.log(`terminating ${started.length} worker thread(s)`);
  for (const worker of started) void worker.terminate();
});
