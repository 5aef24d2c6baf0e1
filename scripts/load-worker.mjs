// The load generator of npm run bench, in a worker thread so it does not share the server's event
// loop: autocannon on one URL, every response's latency kept, so the exact p50/p90/p95/p99 can be
// reported (autocannon's own summary has p97.5 but no p95); with keepLatencies they go back too, for loadInTurns to
// put the slices of one URL together.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, connections, duration, headers, keepLatencies } = workerData;
const latencies = [];
const instance = autocannon({ url, connections, duration, headers, timeout: 30 }, (err, result) => {
  if (err) {
    parentPort.postMessage({ error: String(err) });
    return;
  }
  latencies.sort((a, b) => a - b);
  const ms = (v) => Math.round(v * 10) / 10;
  const at = (p) => (latencies.length ? ms(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]) : 0);
  // Inside a worker thread autocannon answers its raw counts, not the aggregated summary.
  parentPort.postMessage({
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
    ...(keepLatencies ? { latencies } : {}),
  });
});
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
