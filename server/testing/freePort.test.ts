import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './freePort';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A real server on `port` (0: any), the way another app holds one; its port. */
async function occupy(port = 0): Promise<number> {
  const server = net.createServer();
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return (server.address() as net.AddressInfo).port;
}

/** A port that is free, with `count - 1` free ports after it (retried: a parallel test may take one meanwhile). */
async function freeRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const start = await freePort();
    if (start + count > 65_535) continue;
    const ports = Array.from({ length: count }, (_, index) => start + index);
    if ((await Promise.all(ports.map((port) => freePort(port)))).every((got, index) => got === ports[index]))
      return start;
  }
  throw new Error(`no run of ${count} free ports found`);
}

describe('freePort', () => {
  it('gives the preferred port when it is free', async () => {
    const port = await freeRun(1);
    expect(await freePort(port, { following: 10 })).toBe(port);
  });

  it('with the preferred port taken, gives the next free one after it (3000 taken: 3001), not any', async () => {
    const port = await freeRun(3);
    await occupy(port);
    expect(await freePort(port, { following: 10 })).toBe(port + 1);
    await occupy(port + 1);
    expect(await freePort(port, { following: 10 })).toBe(port + 2);
  });

  it('falls back to any free port once the following ones are taken too', async () => {
    const port = await freeRun(2);
    await occupy(port);
    await occupy(port + 1);
    const got = await freePort(port, { following: 1 });
    expect(got).not.toBe(port);
    expect(got).not.toBe(port + 1);
    await expect(occupy(got)).resolves.toBe(got);
  });

  it('without `following`, and with 0, any free port (what the tests and benchmarks ask for)', async () => {
    const port = await occupy();
    expect(await freePort(port)).not.toBe(port);
    const any = await freePort(0);
    expect(any).toBeGreaterThan(0);
    await expect(occupy(any)).resolves.toBe(any);
    expect(await freePort()).toBeGreaterThan(0);
  });
});
