// The baseline: a bare Fastify route answering {hello:'world'}, in its own process, on a free loopback port.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening on ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
