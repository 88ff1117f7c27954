// demo:file (npm run demo:remove deletes this file)
/**
 * One autocannon run (programmatic, in this process): `connections` keep-alive
 * connections for `seconds`, each request built by `request(n)` (n counts
 * from 0 per run, so pools of ids restart with every run).
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
}

export interface LoadResult {
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers and connection errors: any of them makes the figure suspect (reported). */
  non2xx: number;
  errors: number;
  /** CPU µs per request of each probed process tree (e.g. `server`, `db`), when probes were given. */
  cpuUsPerRequest: Record<string, number>;
}

/** Reads a process tree's CPU seconds so far (see processCpu.ts); null when unknown. */
export type CpuProbe = () => number | null;

export interface LoadTarget {
  baseUrl: string;
  headers: Record<string, string>;
  /** A fixed request, or one built per request (a different id each time). */
  request: LoadRequest | ((n: number) => LoadRequest);
  /** CPU counters read before and after the run. */
  cpuProbes?: Record<string, CpuProbe>;
}

function toAutocannon(request: LoadRequest, headers: Record<string, string>): autocannon.Request {
  return {
    method: request.method,
    path: request.path,
    headers: request.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  };
}

export async function runLoad(target: LoadTarget, seconds: number, connections: number): Promise<LoadResult> {
  const { request, headers } = target;
  let n = 0;
  const requests: autocannon.Request[] =
    typeof request === 'function'
      ? [{ setupRequest: (defaults) => ({ ...defaults, ...toAutocannon(request(n++), headers) }) }]
      : [toAutocannon(request, headers)];
  const probes = Object.entries(target.cpuProbes ?? {});
  const before = probes.map(([, probe]) => probe());
  const result = await autocannon({ url: target.baseUrl, connections, duration: seconds, requests });
  const cpuUsPerRequest: Record<string, number> = {};
  probes.forEach(([name, probe], i) => {
    const start = before[i];
    const end = probe();
    if (start != null && end != null && result.requests.total > 0) {
      cpuUsPerRequest[name] = ((end - start) * 1e6) / result.requests.total;
    }
  });
  return {
    cpuUsPerRequest,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
