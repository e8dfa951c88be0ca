import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');

/** The API as its own process (the real server entry, through tsx), on a free port of its own choosing. */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ url: string; process: ChildProcess; exited: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', tsxLoader, serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SCRYPT_LOG_N: '10',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_LIMIT_PER_IP: '1000000',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Store:\s+http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return { url, process: child, exited };
}
