import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when a built web app is there to serve; the not-found handler hands page paths to it. */
    serveSpa?: (req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
  }
}

/** Serves the built web app: hashed assets cached for a year, index.html for every other page path. */
export default fp(
  async function spaPlugin(app: FastifyInstance, opts: { root: string }) {
    if (!existsSync(path.join(opts.root, 'index.html'))) {
      app.log.warn({ root: opts.root }, 'no built web app found; serving the API only');
      return;
    }
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each file; the encoding is picked from Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Files are looked up per request instead of one route per file, so a rebuilt app is served without a restart.
    app.decorate('serveSpa', async (req, reply) => {
      let rel: string;
      try {
        rel = decodeURIComponent((req.url.split('?')[0] ?? '/').replace(/^\/+/, ''));
      } catch {
        return reply.status(400).type('text/plain').send('Bad path');
      }
      const file = path.resolve(opts.root, rel);
      if (rel && file.startsWith(opts.root + path.sep) && existsSync(file) && !file.endsWith(path.sep)) {
        return reply.sendFile(rel);
      }
      if (path.extname(rel)) return reply.status(404).type('text/plain').send('Not found');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'spa', dependencies: [] },
);
