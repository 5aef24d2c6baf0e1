// The Express handler of the UI's pages: @remix-run/express's createRequestHandler with one difference. A document
// entry.server has finished whole (server/document-body.ts, decision 059) is written with one `res.end` instead of
// being read back from its Response's web stream; every other answer (redirects, data requests, resources, streamed
// downloads) goes out as the Express adapter sends it.
import type { RequestHandler } from 'express';
import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
// createRemixRequest and sendRemixResponse are the Express adapter's own, exported by its server module (not its index).
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js';
import { documentBodyOf } from './document-body';

export function createPageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => AppLoadContext;
}): RequestHandler {
  const handle = createRemixHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      const response = await handle(request, { ...options.getLoadContext(req, res), wholeDocuments: true });
      const body = documentBodyOf(response);
      if (body === undefined) {
        await sendRemixResponse(res, response);
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
