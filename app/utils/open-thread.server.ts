// The conversation a Messages page shows (/{side}/messages?thread=<id>) is read up to its newest message before anything
// counts (decision 037): once per request, awaited by the shell's loader (the badge) and the page's (the thread list's
// unread counts), which run at the same time, so both agree with what the page shows on every load.
import type { AppLoadContext } from '@remix-run/node';
import { apiSession } from '../api/client.server';
import { markThreadRead } from '../api/messages.server';
import type { RoleType } from '../../domain/roles';

const marks = new WeakMap<AppLoadContext, Promise<void>>();

export function markOpenThread(request: Request, context: AppLoadContext, user: { token: string }, roleType: RoleType): Promise<void> {
  const url = new URL(request.url);
  const open = url.pathname === `/${roleType}/messages` ? url.searchParams.get('thread') : null;
  if (!open) return Promise.resolve();
  let mark = marks.get(context);
  // A thread the caller may not read marks nothing; the page says so.
  if (!mark) marks.set(context, (mark = markThreadRead(apiSession(context, user), open).then(() => undefined, () => undefined)));
  return mark;
}
