// The load generator of the bench scripts, in a worker thread so it does not share the server's event loop: autocannon
// on one URL a run, every response's latency kept, so the exact p50/p90/p95/p99 can be reported (autocannon's own
// summary has p97.5 but no p95); with keepLatencies they go back too, for loadInTurns to put the slices of one URL
// together.
//
// One worker serves every run of a script (bench-support's loadWorker), and primes itself before its first measured
// run: a fresh worker's own code is not yet compiled, and autocannon times each response on its own thread, so its
// first second counted the load generator's slowness as the server's latency (on a fast machine the first 0.5 s of each
// run had a p50 a third higher than the rest).
import { parentPort } from 'node:worker_threads';
import autocannon from 'autocannon';

/** Seconds of the unmeasured run a fresh worker makes against the first URL it is given. */
const PRIME_SECONDS = 1;
let primed = false;

function load({ url, connections, duration, headers }, onLatency) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, headers, timeout: 30 }, (err, result) => (err ? reject(err) : resolve(result)));
    if (onLatency) instance.on('response', (_client, _status, _bytes, responseTime) => onLatency(responseTime));
  });
}

async function measured(run) {
  if (!primed) {
    await load({ ...run, duration: PRIME_SECONDS });
    // The requests the priming run left running end before the measured run begins.
    await fetch(run.url, { headers: run.headers }).then((r) => r.arrayBuffer()).catch(() => undefined);
    primed = true;
  }
  const latencies = [];
  const result = await load(run, (ms) => latencies.push(ms));
  latencies.sort((a, b) => a - b);
  const ms = (v) => Math.round(v * 10) / 10;
  const at = (p) => (latencies.length ? ms(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]) : 0);
  // Inside a worker thread autocannon answers its raw counts, not the aggregated summary.
  return {
    requests: result.totalCompletedRequests,
    requestsPerSec: result.totalCompletedRequests / result.duration,
    p50: at(50),
    p90: at(90),
    p95: at(95),
    p99: at(99),
    max: ms(latencies.at(-1) ?? 0),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    duration: result.duration,
    ...(run.keepLatencies ? { latencies } : {}),
  };
}

parentPort.on('message', ({ id, run }) => {
  measured(run).then(
    (figures) => parentPort.postMessage({ id, figures }),
    (err) => parentPort.postMessage({ id, error: String(err) }),
  );
});
