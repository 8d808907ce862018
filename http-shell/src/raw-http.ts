import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** An answer as it came over the wire: compressed bodies stay compressed. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request through node:http rather than fetch: fetch would gunzip the body and hide what was sent,
 * and it adds `Cache-Control: no-cache` to a request carrying If-None-Match (as the Fetch standard
 * says), which rightly makes a server skip the 304.
 */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { headers, method }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on('error', reject)
      .end();
  });
}

/** Serves `app` on a free port until `closeAll` (an afterEach) is called; answers its base URL. */
export function appServers(): { serve: (app: Express) => Promise<string>; closeAll: () => void } {
  const servers: http.Server[] = [];
  return {
    serve: async (app) => {
      const server = app.listen(0);
      servers.push(server);
      await new Promise((resolve) => server.once('listening', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    closeAll: () => {
      for (const server of servers.splice(0)) server.close();
    },
  };
}
