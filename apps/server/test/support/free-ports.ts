import net from 'node:net';

/**
 * A base port whose next `size - 1` are free too: a server process listens on LIDO_PORT plus an
 * offset for each site and each payment sandbox (http/sites.ts).
 */
export async function freePortBlock(size = 6): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 30000);
    const offsets = Array.from({ length: size }, (_, offset) => offset);
    if ((await Promise.all(offsets.map((offset) => free(base + offset)))).every(Boolean)) return base;
  }
}
