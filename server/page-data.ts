// A page's data read whole before its render (app/utils/render-document.server.ts, decision 060), put where
// <RemixServer>'s StreamTransfer looks for it (`renderMeta.streamCache`, a field of Remix's EntryContext): one chunk
// followed by the end. The main thread reads it; a render thread (decision 078) is given it as text.
import type { EntryContext } from '@remix-run/node';

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>;

/** A read of the data stream, as Remix's StreamTransfer keeps it: a settled promise carrying its result. */
const settled = (done: boolean, value: string): StreamCache[number] => Object.assign(Promise.resolve(), { result: { done, value } });

/**
 * The context with its page's data already read as `text`, where <RemixServer> looks for it. <RemixServer> takes a
 * reader of the stream on every render (a page may be rendered twice) and reads nothing from it now: it gets a
 * stream that is already over, whose readers are not locks.
 */
export function withPageData(context: EntryContext, text: string): EntryContext {
  context.renderMeta ??= {};
  context.renderMeta.streamCache = { 0: settled(false, text), 1: settled(true, '') };
  context.serverHandoffStream = READ;
  return context;
}

/** The page's data text once readPageData has read it whole (undefined before, or when the page has no data stream). */
export function pageDataText(context: EntryContext): string | undefined {
  const cache = context.renderMeta?.streamCache as Record<number, { result?: { done: boolean; value?: string } }> | undefined;
  const first = cache?.[0]?.result;
  const end = cache?.[1]?.result;
  return first && !first.done && typeof first.value === 'string' && end?.done ? first.value : undefined;
}

/** A data stream already read: every reader it hands out is at its end. */
const READ = {
  getReader: () => ({
    read: () => Promise.resolve({ done: true as const, value: undefined }),
    releaseLock: () => undefined,
    cancel: () => Promise.resolve(),
    closed: Promise.resolve(undefined),
  }),
} as unknown as ReadableStream<Uint8Array>;
