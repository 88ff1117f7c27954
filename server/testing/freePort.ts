import net from 'node:net';

export interface FreePortOptions {
  /**
   * How many ports after `preferred` to try, in order, before any free port: `npm run dev` on 3000 takes
   * 3001, 3002, ... when 3000 is taken, as a second Next.js app would. 0 (the default): `preferred` only.
   */
  following?: number;
}

/** Whether `port` can be listened on at 127.0.0.1 now; with 0, the port the system picked. */
function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * Returns `preferred` when it is free on 127.0.0.1, else the first free one of the `following` ports after it,
 * else any free port. `freePort()` (or `freePort(0)`): any free port.
 */
export async function freePort(preferred = 0, { following = 0 }: FreePortOptions = {}): Promise<number> {
  if (preferred) {
    const last = Math.min(preferred + following, 65_535);
    for (let port = preferred; port <= last; port++) {
      const free = await tryListen(port);
      if (free) return free;
    }
  }
  return (await tryListen(0)) as number;
}
