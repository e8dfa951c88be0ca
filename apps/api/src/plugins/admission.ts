import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives the request's place back; set while it holds one. */
    leaveAdmission: (() => void) | null;
  }
}

/**
 * Lets at most `concurrency` API requests work at once and queues the rest in arrival order. The embedded database
 * has one connection: with a hundred requests interleaving their statements on it, some waited seconds while later
 * ones passed them; in arrival order each waits only for those before it.
 */
export default fp(
  async function admissionPlugin(
    app: FastifyInstance,
    opts: { concurrency: number; skip: (url: string) => boolean },
  ) {
    let running = 0;
    const waiting: (() => void)[] = [];

    const next = () => {
      const admit = waiting.shift();
      if (admit) admit();
      else running -= 1;
    };

    app.decorateRequest('leaveAdmission', null);
    app.addHook('onRequest', (req, reply, done) => {
      if (!req.url.startsWith('/api/') || opts.skip(req.url)) return done();
      let state: 'waiting' | 'admitted' | 'left' = 'waiting';
      const admit = () => {
        state = 'admitted';
        done();
      };
      const leave = () => {
        if (state === 'admitted') next();
        else if (state === 'waiting' && waiting.includes(admit)) waiting.splice(waiting.indexOf(admit), 1);
        state = 'left';
      };
      req.leaveAdmission = leave;
      // An answered request leaves in onResponse; one whose client went away leaves when its response closes.
      reply.raw.once('close', leave);
      if (running < opts.concurrency) {
        running += 1;
        admit();
      } else {
        waiting.push(admit);
      }
    });
    app.addHook('onResponse', (req, _reply, done) => {
      req.leaveAdmission?.();
      done();
    });
  },
  { name: 'admission' },
);
