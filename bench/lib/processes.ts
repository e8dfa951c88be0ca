import { spawn, type ChildProcess } from 'node:child_process';

export type Child = { port: number; pid: number; stop(): Promise<void> };

/**
 * Starts a process and waits for the line that names its port (`readyPattern`'s first group). Its output is kept
 * only to show when it fails to start.
 */
export async function startProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; readyPattern: RegExp; timeoutMs?: number },
): Promise<Child> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('did not start in time')), options.timeoutMs ?? 120_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')}: ${err.message}\n${output.slice(-4000)}`));
    };
    const onData = (chunk: Buffer) => {
      // Only the start is kept: a logging server writes a line per request.
      if (output.length < 100_000) output += chunk.toString();
      const match = options.readyPattern.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  return { port, pid: child.pid ?? 0, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
