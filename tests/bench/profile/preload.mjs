// Loaded into the shop's process by the http bench when HTTP_BENCH_PROFILE names a directory
// (`node --import`, before tsx, hence plain JavaScript). It takes a CPU profile and counts the
// PostgreSQL statements each request sends, per route, and on SIGUSR2 writes both for the load
// just measured (`<dir>/<n>.cpuprofile`, `<dir>/<n>.json`) and starts afresh for the next one.
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector';
import path from 'node:path';
import process from 'node:process';
import pg from 'pg';

const dir = process.env.HTTP_BENCH_PROFILE;
const serving = new AsyncLocalStorage();
/** route -> { requests, statements, texts: { statement -> count } } */
let routes = new Map();
let phase = 0;
let cpuSince = process.cpuUsage();

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+(?=\/|$)/gi;
const routeOf = (req) => `${req.method} ${(req.url ?? '').split('?')[0].replace(ID, ':id')}`;

function entryOf(route) {
  let entry = routes.get(route);
  if (!entry) routes.set(route, (entry = { requests: 0, statements: 0, texts: {} }));
  return entry;
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event !== 'request') return emit.apply(this, arguments);
  const route = routeOf(req);
  entryOf(route).requests++;
  return serving.run(route, () => emit.call(this, event, req, res));
};

/** Counted where the route calls: a pooled query's client.query runs in whichever request freed a client. */
function count(config) {
  const text = typeof config === 'string' ? config : (config?.text ?? '?');
  const entry = entryOf(serving.getStore() ?? '(no request: projectors, listeners)');
  entry.statements++;
  const short = text.replace(/\s+/g, ' ').trim().slice(0, 90);
  entry.texts[short] = (entry.texts[short] ?? 0) + 1;
}

const poolQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (config) {
  if (typeof config !== 'function') count(config);
  return poolQuery.apply(this, arguments);
};

const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  // pg-pool's own call on behalf of Pool.query (already counted) is the one that passes a callback.
  if (!(typeof this.release === 'function' && typeof callback === 'function')) count(config);
  return clientQuery.apply(this, arguments);
};

const session = new Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: 500 });
await post('Profiler.start');

process.on('SIGUSR2', () => {
  const n = phase++;
  const cpu = process.cpuUsage(cpuSince);
  cpuSince = process.cpuUsage();
  const counted = { ...Object.fromEntries(routes), '(process CPU)': { cpuMicros: cpu.user + cpu.system } };
  routes = new Map();
  post('Profiler.stop')
    .then(({ profile }) => {
      writeFileSync(path.join(dir, `${n}.cpuprofile`), JSON.stringify(profile));
      // The counts last: the bench waits for this file.
      writeFileSync(path.join(dir, `${n}.json`), JSON.stringify(counted));
      return post('Profiler.start');
    })
    .catch((error) => process.stderr.write(`profile phase failed: ${error}\n`));
});
