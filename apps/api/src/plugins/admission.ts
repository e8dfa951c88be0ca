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
 *
 * Requests are let in from `setImmediate`, at most `concurrency` per turn of the event loop. The embedded database
 * works in this thread and answers in microtasks, so a request let in straight from its socket's callback ran to
 * its end there, and one turn of the loop served every request that had arrived (60 and more under load, 130 ms).
 * Node accepts one new connection per turn (libuv 1.45, "don't accept() connections in a loop"), so a hundred
 * clients connecting at once waited up to seconds each for their first request to be read. Short turns keep
 * accepting and reading going while the queue is worked off.
 */
export default fp(
  async function admissionPlugin(
    app: FastifyInstance,
    opts: { concurrency: number; skip: (url: string) => boolean },
  ) {
    let running = 0;
    const waiting: (() => void)[] = [];
    let scheduled = false;

    const letIn = () => {
      scheduled = false;
      let letInNow = 0;
      while (running < opts.concurrency && letInNow < opts.concurrency) {
        const admit = waiting.shift();
        if (!admit) return;
        running += 1;
        letInNow += 1;
        admit();
      }
      if (waiting.length > 0 && running < opts.concurrency) schedule();
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(letIn);
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
        if (state === 'admitted') {
          running -= 1;
          if (waiting.length > 0) schedule();
        } else if (state === 'waiting' && waiting.includes(admit)) {
          waiting.splice(waiting.indexOf(admit), 1);
        }
        state = 'left';
      };
      req.leaveAdmission = leave;
      // An answered request leaves in onResponse; one whose client went away leaves when its response closes.
      reply.raw.once('close', leave);
      waiting.push(admit);
      schedule();
    });
    app.addHook('onResponse', (req, _reply, done) => {
      req.leaveAdmission?.();
      done();
    });
  },
  { name: 'admission' },
);
