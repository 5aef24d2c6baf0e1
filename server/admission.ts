// Pages are rendered in the order they were asked for (decision 057). Rendering a page is CPU on the process's one
// thread; with many asked for at once (a deadline night, a reviewer's tabs), every page's awaits (its API call, its
// statements) interleave with every other's, so each waits behind pages asked for after it, and the slowest wait
// far longer than their turn. At most `limit` page reads run at once; the rest wait in a first-come queue. A read
// holds its place until its answer's headers are written (a page's HTML is whole by then; a download streams on
// after), its connection closes, or `holdMs` passes: a long export or PDF does not hold back the pages behind it
// for longer than that. Writes (POST and the rest) are never held: an upload streams for as long as it takes.
import type { RequestHandler, Response } from 'express';

export type AdmissionOptions = {
  /** Page reads rendered at once (0: no queue). */
  limit: number;
  /** The longest one read keeps others waiting. */
  holdMs?: number;
};

export function inTurn({ limit, holdMs = 100 }: AdmissionOptions): RequestHandler {
  if (limit <= 0) return (_req, _res, next) => next();
  let running = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    while (running < limit && waiting.length) {
      running++;
      waiting.shift()!();
    }
  };

  /** The place is given back once, at the first of: headers written, connection closed, holdMs passed. */
  const holdPlace = (res: Response) => {
    let held = true;
    const giveBack = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      res.off('close', giveBack);
      running--;
      next();
    };
    const timer = setTimeout(giveBack, holdMs);
    res.once('close', giveBack);
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      giveBack();
      return writeHead.apply(this, args);
    } as Response['writeHead'];
  };

  return (req, res, proceed) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return proceed();
    const start = () => {
      // Its asker has gone while it waited: nothing to render, the place goes to the next.
      if (res.destroyed || req.socket.destroyed) {
        running--;
        return next();
      }
      holdPlace(res);
      proceed();
    };
    if (running < limit && waiting.length === 0) {
      running++;
      start();
    } else {
      waiting.push(start);
    }
  };
}
