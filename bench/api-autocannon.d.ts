// The part of autocannon 8's API the API benchmark uses (the package ships no types).
declare module 'autocannon' {
  /** Per connection, emptied each time the connection starts its list of requests again. */
  export type Context = Record<string, unknown>;
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request, context: Context) => Request;
    onResponse?: (status: number, body: string | undefined, context: Context) => void;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  };
  export type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  export default function autocannon(opts: Options): Promise<Result>;
}
