import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { embeddedConfigSchema, freePort, loadConfig, startEmbeddedPostgres, startLocalKafka, type Logger } from '@shop/infra';
import { listen, securityHeaders, securityOptionsOf, serveWeb, type SecurityHeaderOptions } from '@shop/http-shell';
import { routeTableOf, upstreamFor, type RouteTable, type Upstream } from './scaled-routing.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../../web/dist');
const entry = { command: 'start-command-api.ts', query: 'start-query-api.ts', projectors: 'start-projectors.ts' } as const;

export interface ScaledShop {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The scaled topology on one machine (`npm run start:scaled`): two command-api, two query-api
 * and two projector processes share DATABASE_URL and KAFKA_BROKERS, behind one entry port that
 * also serves the web app and routes each request by the role the OpenAPI document gives its
 * operation. When DATABASE_URL or KAFKA_BROKERS is unset, an embedded PostgreSQL or a local
 * Kafka broker is started under DATA_DIR for the trial.
 */
export async function startScaledShop(logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<ScaledShop> {
  const config = loadConfig(embeddedConfigSchema, env);
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.splice(0)) await step().catch(() => undefined);
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const postgres = await startEmbeddedPostgres({ dataDir: path.resolve(config.DATA_DIR, 'postgres') });
      stops.push(postgres.stop);
      databaseUrl = postgres.databaseUrl;
    }
    let brokers = config.KAFKA_BROKERS;
    if (!brokers) {
      const kafka = await startLocalKafka({ dataDir: path.resolve(config.DATA_DIR, 'kafka') });
      stops.unshift(kafka.stop);
      brokers = kafka.brokers;
    }
    const childEnv = { ...env, DATABASE_URL: databaseUrl, KAFKA_BROKERS: brokers };
    const upstreams: Record<Upstream, string[]> = { command: [], query: [] };
    const everyProcess: string[] = [];
    const children: ChildProcess[] = [];
    stops.unshift(() => stopChildren(children));
    // The first command-api migrates and seeds; the others wait on the migration lock.
    for (const role of ['command', 'command', 'query', 'query', 'projectors', 'projectors'] as const) {
      const port = await freePort();
      children.push(startChild(entry[role], { ...childEnv, PORT: String(port) }, `${role}:${port}`));
      everyProcess.push(`http://127.0.0.1:${port}`);
      if (role !== 'projectors') upstreams[role].push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(everyProcess.map((url) => waitUntilUp(url, children)));
    const table = routeTableOf((await (await fetch(`${upstreams.command[0]}/api/openapi.json`)).json()) as Parameters<typeof routeTableOf>[0]);
    logger.info({ operations: table.rules.length }, 'scaled routing from the OpenAPI document');

    const server = await listen(scaledEntryApp(table, upstreams, securityOptionsOf(config), everyProcess), config.PORT);
    stops.unshift(server.close);
    return { url: `http://localhost:${server.port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The entry port: each request goes to the next process of the role its operation has (round
 * robin); responses, the live event stream included, are piped through as they come. Its own
 * /healthz and /readyz speak for `processes` (every process behind it, projectors included).
 */
export function scaledEntryApp(
  table: RouteTable,
  upstreams: Record<Upstream, string[]>,
  security: SecurityHeaderOptions = { https: false, allowOrigins: [] },
  processes: readonly string[] = [...upstreams.command, ...upstreams.query],
) {
  const app = express();
  app.disable('x-powered-by');
  // The pages it serves itself get the same headers as the embedded shop's; API answers carry the
  // ones their role process set (the proxy passes them on over these).
  app.use(securityHeaders(security));
  app.use(frontHealth(processes));
  const next: Record<Upstream, number> = { command: 0, query: 0 };
  app.use(
    '/api',
    // node:http's instrumentation makes a CLIENT span of each proxied request and puts its context
    // in the request's `traceparent` header, so the answering process's span is its child (decision 0401).
    createProxyMiddleware({
      changeOrigin: false,
      pathRewrite: (p) => `/api${p}`,
      router: (req) => {
        const side = upstreamFor(table, req.method ?? 'GET', `/api${req.url ?? ''}`);
        const targets = upstreams[side];
        return targets[next[side]++ % targets.length]!;
      },
      on: {
        // A process that dies mid-answer (a crashed query-api under a live stream) must end the
        // client's connection too, or the client would wait on it for ever instead of reconnecting.
        proxyRes: (proxyRes, _req, res) => {
          proxyRes.on('close', () => {
            if (!proxyRes.complete) res.destroy();
          });
        },
      },
    }),
  );
  serveWeb(app, webDir);
  return app;
}

/**
 * /healthz: the front is up and every process behind it answers its own /healthz; /readyz: every
 * one of them is ready. Otherwise 503 naming the processes that are not, with what they said
 * (decision 0307): a load balancer probing the front takes the whole shop out only when a part
 * of it cannot serve.
 */
function frontHealth(processes: readonly string[]): express.Router {
  const router = express.Router();
  for (const probe of ['healthz', 'readyz'] as const) {
    router.get(`/${probe}`, async (_req, res) => {
      const answers = await Promise.all(processes.map((url) => askProcess(`${url}/${probe}`)));
      const failing = answers.flatMap((answer, i) => (answer.ok ? [] : [`${processes[i]}: ${answer.said}`]));
      if (failing.length > 0) res.status(503).json({ status: 503, message: `Not ${probe === 'healthz' ? 'alive' : 'ready'}: ${failing.join('; ')}` });
      else res.json({ status: probe === 'healthz' ? 'ok' : 'ready', processes: processes.length });
    });
  }
  return router;
}

async function askProcess(url: string): Promise<{ ok: boolean; said: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (response.ok) return { ok: true, said: '' };
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    return { ok: false, said: body.message ?? `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, said: error instanceof Error ? error.message : String(error) };
  }
}

/** Polls /healthz until the process answers; a child that exits first fails the start. */
async function waitUntilUp(url: string, children: ChildProcess[]): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const exited = children.find((child) => child.exitCode !== null && child.exitCode !== 0);
    if (exited) throw new Error(`a scaled process exited with ${exited.exitCode} during start`);
    const up = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function startChild(script: string, env: NodeJS.ProcessEnv, label: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script)], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (code !== 0 && code !== 143 && signal !== 'SIGTERM') console.error(`[${label}] exited (${signal ?? code})`);
  });
  return child;
}

async function stopChildren(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}
