// scriptsAfterFirstPaint (decision 056): the server's document asks for the page's modules only after its first
// paint. The document is rewritten, and the small script that replaces Remix's start is run here against a
// stand-in document, to see what it adds and when.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from '../../app/utils/scripts-after-paint.server';

const START_CODE = ';\nimport * as route0 from "/build/root-A.js";\nwindow.__remixManifest = {"x":"</b>"};\nimport("/build/entry.client-B.js");';
const remixTail = (nonce: string) =>
  '<link rel="modulepreload" href="/build/entry.client-B.js"/><link rel="modulepreload" href="/build/_shared/chunk-C.js"/>' +
  '<link rel="modulepreload" href="/build/root-A.js"/>' +
  `<script nonce="${nonce}">window.__remixContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">${START_CODE}</script>`;
const page = (tail: string) =>
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><main><h1>Applications</h1></main>' +
  `<script nonce="n1">restoreScroll()</script>${tail}<!--$--><script nonce="n1">stream()</script><!--/$--></body></html>`;

/** Runs the document's start script against a stand-in document; returns what it added and the frame/timer queues. */
function runBoot(html: string, visibilityState: 'visible' | 'hidden' = 'visible') {
  const script = /<script nonce="n1">(\(function\(\)\{var p=[\s\S]*?)<\/script>/.exec(html);
  if (!script) throw new Error('no start script in the document');
  const added: { parent: string; tag: string; props: Record<string, string> }[] = [];
  const parent = (name: string) => ({
    appendChild({ tag, ...props }: { tag: string }) {
      added.push({ parent: name, tag, props: props as Record<string, string> });
    },
  });
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const document = {
    visibilityState,
    head: parent('head'),
    body: parent('body'),
    createElement: (tag: string) => ({ tag }),
  };
  vm.runInNewContext(script[1]!, {
    document,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  });
  return { added, frames, timers };
}

describe('scriptsAfterFirstPaint', () => {
  it("replaces Remix's preloads and module start with one classic script, leaving the rest of the document alone", () => {
    const out = scriptsAfterFirstPaint(page(remixTail('n1')));
    expect(out).not.toContain('modulepreload" href');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out.startsWith('<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><main><h1>Applications</h1></main>' +
      '<script nonce="n1">restoreScroll()</script><script nonce="n1">window.__remixContext = {};</script><script nonce="n1">(function(){')).toBe(true);
    expect(out.endsWith('</script><!--$--><script nonce="n1">stream()</script><!--/$--></body></html>')).toBe(true);
    // The module code travels as a literal: "</b>" (and so "</script>") cannot close the element early.
    expect(out).not.toContain('</b>');
  });

  it('adds the same preloads and the same module script, with the nonce, after the first frame and not before', () => {
    const { added, frames, timers } = runBoot(scriptsAfterFirstPaint(page(remixTail('n1'))));
    expect(added).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(added).toEqual([]);
    const afterPaint = timers.find((t) => t.ms === 0)!;
    afterPaint.fn();
    expect(added).toEqual([
      { parent: 'head', tag: 'link', props: { rel: 'modulepreload', href: '/build/entry.client-B.js' } },
      { parent: 'head', tag: 'link', props: { rel: 'modulepreload', href: '/build/_shared/chunk-C.js' } },
      { parent: 'head', tag: 'link', props: { rel: 'modulepreload', href: '/build/root-A.js' } },
      { parent: 'body', tag: 'script', props: { type: 'module', nonce: 'n1', textContent: START_CODE } },
    ]);
    // The fallback (a browser that gives no frame) does not start the app twice.
    timers.find((t) => t.ms === 1000)!.fn();
    expect(added).toHaveLength(4);
  });

  it('starts at once in a page opened in the background, and after a second when no frame comes', () => {
    const hidden = runBoot(scriptsAfterFirstPaint(page(remixTail('n1'))), 'hidden');
    expect(hidden.added).toHaveLength(4);
    expect(hidden.frames).toHaveLength(0);
    const noFrame = runBoot(scriptsAfterFirstPaint(page(remixTail('n1'))));
    noFrame.timers.find((t) => t.ms === 1000)!.fn();
    expect(noFrame.added).toHaveLength(4);
  });

  it('finds the preloads wherever they are: after the module start, or one in the head', () => {
    const tail = remixTail('n1');
    const startAt = tail.indexOf('<script nonce="n1">window');
    const reordered = tail.slice(startAt) + tail.slice(0, startAt);
    const inHead = page(reordered).replace('</head>', '<link rel="modulepreload" href="/build/early.js"/></head>');
    const out = scriptsAfterFirstPaint(inHead);
    expect(out).not.toContain('modulepreload" href');
    const { frames, timers, added } = runBoot(out);
    frames[0]!();
    timers.find((t) => t.ms === 0)!.fn();
    expect(added.map((a) => a.props.href ?? a.props.type)).toEqual(['/build/early.js', '/build/entry.client-B.js', '/build/_shared/chunk-C.js', '/build/root-A.js', 'module']);
  });

  it('leaves a document without a module start alone (a page rendered without <Scripts>)', () => {
    const html = page('');
    expect(scriptsAfterFirstPaint(html)).toBe(html);
  });
});
