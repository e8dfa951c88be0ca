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

/**
 * Serves the built web app, and the back office app under `adminPath` when it is built: hashed assets cached for a
 * year, each app's index.html for every other page path of its own.
 */
export default fp(
  async function spaPlugin(
    app: FastifyInstance,
    opts: { root: string; adminRoot: string; adminPath: string },
  ) {
    if (!existsSync(path.join(opts.root, 'index.html'))) {
      app.log.warn({ root: opts.root }, 'no built web app found; serving the API only');
      return;
    }
    const hasAdmin = existsSync(path.join(opts.adminRoot, 'index.html'));
    if (!hasAdmin) app.log.warn({ root: opts.adminRoot }, 'no built back office app found; not serving it');
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
    /** The app a page path belongs to, and the path within it. */
    function appOf(url: string): { root: string; rel: string } {
      const pathname = (url.split('?')[0] ?? '/').replace(/^\/+/, '');
      const admin = opts.adminPath.replace(/^\/+/, '');
      if (hasAdmin && (pathname === admin || pathname.startsWith(`${admin}/`)))
        return { root: opts.adminRoot, rel: pathname.slice(admin.length).replace(/^\/+/, '') };
      return { root: opts.root, rel: pathname };
    }
    // Files are looked up per request instead of one route per file, so a rebuilt app is served without a restart.
    app.decorate('serveSpa', async (req, reply) => {
      let target: { root: string; rel: string };
      try {
        const { root, rel } = appOf(req.url);
        target = { root, rel: decodeURIComponent(rel) };
      } catch {
        return reply.status(400).type('text/plain').send('Bad path');
      }
      const { root, rel } = target;
      const file = path.resolve(root, rel);
      if (rel && file.startsWith(root + path.sep) && existsSync(file) && !file.endsWith(path.sep)) {
        return reply.sendFile(rel, root);
      }
      if (path.extname(rel)) return reply.status(404).type('text/plain').send('Not found');
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    });
  },
  { name: 'spa', dependencies: [] },
);
