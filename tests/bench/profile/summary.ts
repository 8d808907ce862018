import { readFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Reads what tests/bench/profile/preload.mjs wrote for one load (a V8 CPU profile and the
 * statements counted per route) and says it in a few lines: where the CPU time went, by area
 * (our packages, each library, Node itself, the garbage collector, idle) and by function, and how
 * many PostgreSQL statements each route sent per request.
 */

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface RouteCount {
  requests: number;
  statements: number;
  texts: Record<string, number>;
}

const root = path.resolve(import.meta.dirname, '../../..');

/** Where a frame's code lives: a package, one of our workspaces, Node, or V8's own pseudo-frames. */
function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const local = url.replace(/^file:\/\//, '').replace(`${root}/`, '');
  return local.split('/').slice(0, 1).join('/');
}

/** Packages that run per request as middleware or inside res.end; a sample under one of them is its cost. */
const middlewarePackages = new Set(['express-session', 'compression', 'on-headers', 'helmet', 'cookie-parser', 'csrf-csrf', 'prom-client', 'etag', 'fresh', 'body-parser', 'serve-static', 'send']);

/**
 * What a sample's time belongs to, walking from the leaf: Node's HTTP and socket code, else the first middleware package, or the
 * first function Express's router called (a middleware or a route handler); a sample no layer
 * is under (a continuation after an await, socket and PostgreSQL reads) is named by its
 * outermost frame of ours or of a package.
 */
function layerOf(stack: ProfileNode[]): string {
  // Node's own HTTP work (headers, socket writes) is paid by every answer, whichever layer ends it.
  for (const node of stack) {
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    if (area !== 'node' && !area.startsWith('(')) break;
    if (/node:_http_|node:net/.test(node.callFrame.url)) return '(node:http: headers and socket writes)';
  }
  for (const [i, node] of stack.entries()) {
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    if (middlewarePackages.has(area)) return area;
    if (node.callFrame.url.endsWith('whole-answer-gzip.ts')) return 'whole-answer-gzip (ours)';
    const caller = stack[i + 1];
    if (caller && caller.callFrame.functionName === 'handleRequest' && caller.callFrame.url.includes('router/lib/layer')) return frameOf(node);
  }
  const outermost = [...stack].reverse().find((node) => {
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    return !area.startsWith('(') && area !== 'node' && area !== 'tests';
  });
  return outermost ? `(no layer) ${frameOf(outermost)}` : `(no layer) ${areaOf(stack[0]!.callFrame.url, stack[0]!.callFrame.functionName)}`;
}

const frameOf = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^file:\/\//, '').replace(`${root}/`, '').replace(/^.*node_modules\//, '');
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
};

function top(map: Map<string, number>, total: number, count: number): string[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => `  ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`);
}

/** The summary of load `n` in `dir`, named `load`. */
export async function profileSummary(dir: string, n: number, load: string): Promise<string> {
  const profile = JSON.parse(await readFile(path.join(dir, `${n}.cpuprofile`), 'utf8')) as CpuProfile;
  const { '(process CPU)': cpu, ...routes } = JSON.parse(await readFile(path.join(dir, `${n}.json`), 'utf8')) as Record<string, RouteCount> & {
    '(process CPU)'?: { cpuMicros: number };
  };
  const requests = Object.values(routes).reduce((sum, route) => sum + route.requests, 0);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const stackOf = (id: number) => {
    const stack: ProfileNode[] = [];
    for (let node = byId.get(id); node; node = parent.get(node.id)) stack.push(node);
    return stack;
  };
  const areas = new Map<string, number>();
  const under = new Map<string, number>();
  const layers = new Map<string, number>();
  const frames = new Map<string, number>();
  let total = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const stack = stackOf(id);
    // The preload's own stop and start of the profiler between loads.
    if (stack.some((node) => node.callFrame.url.endsWith('preload.mjs') && node.callFrame.functionName === 'post')) return;
    const node = stack[0]!;
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    total += micros;
    areas.set(area, (areas.get(area) ?? 0) + micros);
    if (area === '(idle)') return;
    busy += micros;
    frames.set(frameOf(node), (frames.get(frameOf(node)) ?? 0) + micros);
    const layer = layerOf(stack);
    layers.set(layer, (layers.get(layer) ?? 0) + micros);
    for (const inside of new Set(stack.map((frame) => areaOf(frame.callFrame.url, frame.callFrame.functionName)))) {
      if (!inside.startsWith('(') && inside !== 'node') under.set(inside, (under.get(inside) ?? 0) + micros);
    }
  });
  const statements = Object.entries(routes)
    .sort((a, b) => b[1].requests - a[1].requests)
    .map(([route, count]) => {
      const each = count.requests > 0 ? (count.statements / count.requests).toFixed(2) : `${count.statements} in all`;
      const texts = Object.entries(count.texts)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([text, times]) => `      ${count.requests > 0 ? (times / count.requests).toFixed(2) : times}× ${text}`);
      return [`  ${route}: ${count.requests} requests, ${each} statements each`, ...texts].join('\n');
    });
  return [
    `## ${load}: ${(total / 1e6).toFixed(1)} s sampled, busy ${((100 * busy) / Math.max(1, total)).toFixed(0)}%; the shop's process used ${cpu ? (cpu.cpuMicros / Math.max(1, requests)).toFixed(0) : '?'} µs of CPU per request (${requests} requests)`,
    'self time by area (% of all samples):',
    ...top(areas, total, 12),
    'time in or under each package (% of all samples; a library calling Node or zlib counts them):',
    ...top(under, total, 14),
    'time by middleware: the innermost layer or middleware package on the stack, else the outermost frame of an async continuation (% of all samples):',
    ...top(layers, total, 25),
    'self time by function (% of all samples):',
    ...top(frames, total, 25),
    'PostgreSQL statements per request:',
    ...statements,
    '',
  ].join('\n');
}
