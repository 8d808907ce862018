import net from 'node:net';

/**
 * A TCP proxy to PostgreSQL whose `silence(n)` makes its n-th connection (from 0) carry nothing
 * more, either way, while it stays open: a half-open connection as a vanished peer leaves it, with
 * no error for the client to see. Later connections go through as before.
 */
export async function silenceableProxy(target: URL): Promise<{ url: string; silence: (index: number) => void; close: () => void }> {
  const pairs: Array<[net.Socket, net.Socket]> = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port), target.hostname);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    for (const socket of [inbound, outbound]) socket.on('error', () => undefined);
    pairs.push([inbound, outbound]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.href,
    silence: (index) => {
      const [inbound, outbound] = pairs[index]!;
      inbound.unpipe(outbound);
      outbound.unpipe(inbound);
      inbound.pause();
      outbound.pause();
    },
    close: () => {
      for (const socket of pairs.flat()) socket.destroy();
      server.close();
    },
  };
}
