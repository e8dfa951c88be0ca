/** A tiny HTTP server for provider fakes: JSON in and out, a request log, and injected faults (5xx, hang, reset, held). */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
}

export type Fault =
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'hang' }
  | { kind: 'reset' }
  /** Answered as usual, but only once `until` settles: lines callers up behind one another. */
  | { kind: 'held'; until: Promise<void> };

export interface FaultOptions {
  /** How many matching requests fail; all of them when left out. */
  times?: number;
  /** Only requests whose path contains this fail. */
  pathIncludes?: string;
}

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  injectFault(fault: Fault, options?: FaultOptions): void;
  clearFaults(): void;
  close(): Promise<void>;
}

/** Runs `step` while `server` answers matching requests with `fault`, and clears its faults after, however it ends. */
export async function whileFaulty(
  server: FakeServer,
  fault: Fault,
  options: FaultOptions,
  step: () => Promise<void>,
): Promise<void> {
  server.injectFault(fault, options);
  try {
    await step();
  } finally {
    server.clearFaults();
  }
}

export async function startFakeServer(
  handle: (request: FakeRequest, baseUrl: string) => FakeReply,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  let faults: { fault: Fault; remaining: number; pathIncludes: string | undefined }[] = [];
  let baseUrl = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', baseUrl);
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        body: parseJson(rawBody),
      };
      requests.push(request);

      const entry = faults.find(
        (f) => f.remaining > 0 && (f.pathIncludes === undefined || request.path.includes(f.pathIncludes)),
      );
      if (entry) {
        entry.remaining -= 1;
        if (entry.fault.kind === 'hang') return;
        if (entry.fault.kind === 'held') {
          void entry.fault.until.then(() => send(res, handle(request, baseUrl)));
          return;
        }
        if (entry.fault.kind === 'reset') {
          req.socket.destroy();
          return;
        }
        send(res, { status: entry.fault.status, body: entry.fault.body ?? { message: 'fake outage' } });
        return;
      }
      send(res, handle(request, baseUrl));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    requests,
    injectFault(fault, options = {}) {
      faults.push({ fault, remaining: options.times ?? Infinity, pathIncludes: options.pathIncludes });
    },
    clearFaults() {
      faults = [];
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

function send(res: ServerResponse, reply: FakeReply): void {
  if (reply.body === undefined) {
    res.writeHead(reply.status).end();
    return;
  }
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, { 'content-type': 'application/json' }).end(text);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function basicCredentials(
  headers: IncomingHttpHeaders,
): { user: string; password: string } | undefined {
  const header = headers.authorization;
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Reads a field path out of an unknown JSON body without trusting its shape. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export const MONEY_PATTERN = /^\d+\.\d{2}$/;

/** The fakes count money in cents too, so their arithmetic is exact like ours. */
export function toCents(value: string): number {
  const [whole = '0', fraction = '00'] = value.split('.');
  return Number(whole) * 100 + Number(fraction);
}

export function toDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
