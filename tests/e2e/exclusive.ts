// A lock shared by the Playwright workers of one run (they share one server and database): a journey that changes
// something global (the programme's unlock window, docs/decisions/039) holds it while that change is visible, and a
// journey that needs the opposite holds it around the steps that depend on it. A directory per lock and server port,
// made atomically; one left by a killed run is taken over after `staleMs`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function exclusive<T>(name: string, fn: () => Promise<T>, { staleMs = 180_000, waitMs = 240_000 } = {}): Promise<T> {
  const dir = path.join(os.tmpdir(), `portal-e2e-${name}-${process.env.E2E_PORT ?? '3210'}`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > staleMs) fs.rmSync(dir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`The e2e lock ${dir} was held for over ${waitMs} ms`);
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
