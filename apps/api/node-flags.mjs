// The Node.js flags the API server is started with, by `npm start`, the bench and the journeys alike.
// --max-semi-space-size=64: the young generation may grow to 64 MB a half (V8's default is 16 MB). A request's
// objects die young; with more room for them, fewer of them are still alive at a scavenge and copied: in the
// `order/create` bench the main thread's garbage collection fell from 6.6% to 2.8% of its time (bench/README.md).
// V8 grows the space only as allocation asks for it, so an idle store stays small.
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=64'];
