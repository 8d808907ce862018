#!/usr/bin/env node
/**
 * Prints the gzip size of the JavaScript the landing page loads at once: the entry script of
 * dist/index.html, its modulepreloads, the landing page's own route chunk, and every chunk they
 * import statically.
 * Fails (exit 1) above the budget of issue 7: 200 KB gzip. Lazily loaded route chunks
 * (dynamic imports) do not count; they are listed for information.
 */
import console from 'node:console';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

const gzip = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// <script type="module" src> and <link rel="modulepreload" href> of index.html.
const roots = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/?([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map((m) => m[1]);
// A landing route chunk would be fetched right after the entry on `/`, so it would count too (the
// landing page is in the entry chunk since docs/decisions/0251, so there is none today).
roots.push(...readdirSync(path.join(dist, 'assets')).filter((f) => /^LandingPage-[\w-]+\.js$/.test(f)).map((f) => `assets/${f}`));
if (roots.length === 0) {
  console.error('report-bundle-size: no entry script found in dist/index.html');
  process.exit(1);
}

/** Static imports only: `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")`. */
function staticImports(file) {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const dir = path.posix.dirname(file);
  const found = new Set();
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) found.add(path.posix.join(dir, m[1]));
  return [...found];
}

const initial = new Set();
const queue = [...roots];
while (queue.length > 0) {
  const file = queue.shift();
  if (initial.has(file)) continue;
  initial.add(file);
  queue.push(...staticImports(file));
}

let total = 0;
console.log('Landing page initial JavaScript (gzip):');
for (const file of [...initial].sort()) {
  const size = gzip(file);
  total += size;
  console.log(`  ${file.padEnd(48)} ${kb(size).padStart(10)}`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(total).padStart(10)}  (budget ${kb(BUDGET_BYTES)})`);

const lazy = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && !initial.has(`assets/${f}`));
const largest = lazy.map((f) => ({ f, size: gzip(`assets/${f}`) })).sort((a, b) => b.size - a.size).slice(0, 5);
console.log('Largest lazily loaded chunks (gzip): ' + largest.map(({ f, size }) => `${f} ${kb(size)}`).join(', '));

if (total > BUDGET_BYTES) {
  console.error(`Landing page initial JavaScript is ${kb(total)} gzip, over the ${kb(BUDGET_BYTES)} budget.`);
  process.exit(1);
}
