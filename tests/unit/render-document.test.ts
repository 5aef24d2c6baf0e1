// Pages rendered to one string (app/utils/render-document.server.ts, decision 060), through Remix's real server
// runtime: a small app (root + one page, single fetch on, as the portal's remix.config.js) is served twice, once by an
// entry that renders as the portal did before (renderToPipeableStream, the whole page at onAllReady) and once by the
// portal's readPageData + renderDocument. The documents must be the same bytes, data scripts included, and so must the
// status of a page whose render fails.
import { Suspense, createElement as h, type ReactNode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { Await, Links, Meta, Outlet, RemixServer, Scripts, useLoaderData } from '@remix-run/react';
import { createRequestHandler, type EntryContext, type ServerBuild } from '@remix-run/node';
import { manifestRoute, remixBuild } from '../support/remix-build';
import { describe, expect, it } from 'vitest';
import { readPageData, renderDocument, type RenderedDocument } from '../../app/utils/render-document.server';

type HandleDocument = ServerBuild['entry']['module']['default'];

/** The portal's entry before decision 060: the streaming renderer, all of the page collected at onAllReady. */
const streamedEntry: HandleDocument = (request, status, headers, context) =>
  new Promise((resolve, reject) => {
    let failed = false;
    const { pipe } = renderToPipeableStream(h(RemixServer, { context, url: request.url }), {
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              headers.set('Content-Type', 'text/html; charset=utf-8');
              resolve(new Response(Buffer.concat(chunks).toString('utf8'), { status: failed ? 500 : status, headers }));
              done();
            },
          }),
        );
      },
      onShellError: reject,
      onError() {
        failed = true;
      },
    });
  });

/** The portal's way (entry.server.tsx without its HTML tidying), keeping which renderer wrote the page. */
function wholeEntry(seen: RenderedDocument['via'][]): HandleDocument {
  return async (request, status, headers, context: EntryContext) => {
    await readPageData(context, 5_000);
    const rendered = await renderDocument(() => h(RemixServer, { context, url: request.url }), { nonce: '', abortDelay: 5_000 });
    seen.push(rendered.via);
    headers.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(rendered.html, { status: rendered.failed ? 500 : status, headers });
  };
}

function Root() {
  const { title } = useLoaderData<{ title: string }>();
  return h('html', { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, title), h(Meta), h(Links)),
    h('body', null, h('main', null, h(Outlet)), h(Scripts)));
}

/** A page with rows, text React escapes, a date and a value turbo-stream refers back to. */
const listPage = {
  loader: () => {
    const area = { name: 'Larkmoor County - East' };
    return {
      rows: Array.from({ length: 10 }, (_, i) => ({ id: `GA-LKV${String(i).padStart(3, '0')}`, status: i % 2 ? 'Draft' : 'Submitted <b>&</b>', area })),
      asOf: new Date('2026-11-26T07:00:00Z'),
    };
  },
  default: function List() {
    const { rows, asOf } = useLoaderData<{ rows: { id: string; status: string; area: { name: string } }[]; asOf: Date }>();
    return h('table', null,
      h('caption', null, `Applications as of ${asOf.toISOString()}`),
      h('tbody', null, rows.map((r) => h('tr', { key: r.id }, h('td', null, r.id), h('td', null, r.status), h('td', null, r.area.name)))));
  },
};

/** A page whose loader hands over a promise that settles later (single fetch streams it): the render suspends. */
const deferredPage = {
  loader: () => ({ late: new Promise<string>((resolve) => setTimeout(() => resolve('the late answer'), 20)) }),
  default: function Deferred() {
    const { late } = useLoaderData<{ late: Promise<string> }>();
    return h(Suspense, { fallback: h('p', null, 'Loading') }, h(Await, { resolve: late, children: (value: unknown) => h('p', null, String(value)) }));
  },
};

/** A page where one part fails inside a Suspense boundary: React renders the rest, and the page answers 500. */
const failingPage = {
  loader: () => ({ ok: true }),
  default: function Failing() {
    return h('div', null, h('p', null, 'Before'), h(Suspense, { fallback: h('p', null, 'Fallback') }, h(function Broken(): ReactNode {
      throw new Error('a part of the page failed');
    })));
  },
};

function app(entry: HandleDocument, page: { loader: () => unknown; default: () => ReactNode }) {
  const manifest = { root: manifestRoute('root', undefined, ''), 'routes/page': manifestRoute('routes/page', 'root', 'page') };
  const modules = { root: { default: Root, loader: () => ({ title: 'A list <page>' }) }, 'routes/page': page };
  return createRequestHandler(remixBuild(manifest, modules, { entry }), 'production');
}

async function both(page: Parameters<typeof app>[1]) {
  const seen: RenderedDocument['via'][] = [];
  const [before, now] = await Promise.all([streamedEntry, wholeEntry(seen)].map(async (entry) => {
    const response = await app(entry, page)(new Request('http://portal.test/page'));
    return { status: response.status, html: await response.text() };
  }));
  return { before: before!, now: now!, via: seen[0] };
}

const ENQUEUE = /<script>window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;

/** Remix's data scripts of a document: each piece's text, all of it, and the document without them and their boundaries. */
function dataScripts(html: string) {
  const pieces = [...html.matchAll(ENQUEUE)].map((m) => JSON.parse(m[1]!) as string);
  return { pieces, text: pieces.join(''), document: html.replace(ENQUEUE, '').replace(/<!--\/?\$-->/g, '') };
}

describe('renderDocument after readPageData', () => {
  it('writes the same document as the streaming renderer, data scripts included, as one string', async () => {
    const { before, now, via } = await both(listPage);
    expect(via).toBe('string');
    expect(now.status).toBe(200);
    expect(now.html).toBe(before.html);
    // What makes it the same page, not two empty ones: the doctype, the escaped rows, and Remix's data for hydration.
    expect(now.html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(now.html).toContain('<td>Submitted &lt;b&gt;&amp;&lt;/b&gt;</td>');
    expect(now.html).toContain('Applications as of 2026-11-26T07:00:00.000Z');
    expect(now.html).toContain('window.__remixContext.streamController.enqueue(');
    expect(now.html).toContain('GA-LKV009');
    expect(now.html).toContain('window.__remixContext.streamController.close();');
  });

  it('renders a page that suspends with the streaming renderer, complete, its data in one script', async () => {
    const { before, now, via } = await both(deferredPage);
    expect(via).toBe('stream');
    expect(now.status).toBe(200);
    expect(now.html).toContain('<p>the late answer</p>');
    // The data came in two pieces (the page's, then the promise's) and is now written as one: the browser's stream
    // gets the same text.
    expect(dataScripts(before.html).pieces).toHaveLength(2);
    expect(dataScripts(now.html).pieces).toHaveLength(1);
    expect(dataScripts(now.html).text).toBe(dataScripts(before.html).text);
    expect(dataScripts(now.html).text).toContain('the late answer');
    expect(dataScripts(now.html).document).toBe(dataScripts(before.html).document);
  });

  it('answers 500 for a page a part of which fails, with the same document as before', async () => {
    const { before, now, via } = await both(failingPage);
    expect(via).toBe('stream');
    expect(now.status).toBe(500);
    expect(before.status).toBe(500);
    expect(now.html).toBe(before.html);
  });
});

describe('readPageData', () => {
  it('keeps what the data stream gave within the abort delay, cancels the rest, and ends the data there', async () => {
    let cancelled = false;
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('[{"_1":2},'));
        controller.enqueue(encoder.encode('"loaderData"]\n'));
        // ... and nothing more: a promise that never settles
      },
      cancel() {
        cancelled = true;
      },
    });
    const context = { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
    const started = Date.now();
    await readPageData(context, 40);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(cancelled).toBe(true);
    const cache = context.renderMeta!.streamCache!;
    expect(cache[0]!.result).toEqual({ done: false, value: '[{"_1":2},"loaderData"]\n' });
    expect(cache[1]!.result).toEqual({ done: true, value: '' });
    // Each render takes a reader of its own, and finds the stream at its end.
    const readers = [context.serverHandoffStream!.getReader(), context.serverHandoffStream!.getReader()];
    for (const reader of readers) expect(await reader.read()).toEqual({ done: true, value: undefined });
  });
});
