// A stand-in Remix build for tests/unit/render-threads.test.ts: what a render thread reads of a build (its entry's
// renderPage, routes, assets, future flags). Its render answers with what it was given, and a URL with 'crash' in it
// stops the thread, as a thread that fails for good would.
export const assets = { routes: {} };
export const routes = {};
export const future = {};
export const isSpaMode = false;
export const entry = {
  module: {
    async renderPage(context, url, nonce) {
      if (url.includes('crash')) process.exit(1);
      const data = context.renderMeta.streamCache[0].result.value;
      return { html: `<p>${url} ${nonce} ${data} ${context.staticHandlerContext.loaderData.root.title}</p>`, failed: url.includes('failed') };
    },
  },
};
