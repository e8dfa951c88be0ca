/** The slice of Fastify's logger that background work needs: tests pass a stand-in, the app passes `app.log`. */
export type WarnLog = { warn: (details: object, message: string) => void };
