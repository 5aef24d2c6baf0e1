// A job the portal runs in the background every so often (the pending-upload sweep, the held-file rescan): an unref'd
// timer (it never keeps the process up), one pass at a time (a pass still running when the next is due is let be), a
// failure logged and the pass tried again at the next tick; stop() clears the timer and waits for a pass under way.
import type { ApiContext } from '../context';

export interface PeriodicJob {
  stop(): Promise<void>;
}

export function everyInterval(ctx: Pick<ApiContext, 'log'>, everyMs: number, pass: () => Promise<unknown>, failure: string): PeriodicJob {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .then(() => undefined, (err) => ctx.log(failure, err))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
