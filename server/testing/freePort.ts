import net from 'node:net';

/** Returns `preferred` when it is free on 127.0.0.1, else any free port. */
export async function freePort(preferred = 0): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  return (preferred && (await tryListen(preferred))) || ((await tryListen(0)) as number);
}
