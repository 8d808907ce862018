import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import type { Plugin } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The rebuild's worker module (fold-worker.ts) and the folding code it imports, bundled into one
 * plain-JavaScript file with esbuild (the compiler tsx itself runs on). A worker thread does not
 * inherit the TypeScript loader; registering tsx in each one and compiling ~100 source files took
 * about 0.7 s of a core per worker, where loading the bundle takes a tenth of that.
 *
 * Packages (pg, zod, ...) stay imports, by the path of the file each resolves to; the file lives in
 * node_modules/.cache, named by its content, written once per version of the code. Null when it cannot be
 * made (no esbuild, a read-only node_modules): the caller starts workers through tsx instead.
 */
export function workerBundle(): Promise<string | null> {
  // Once per process: the code does not change under a running process, and the build takes a while.
  bundled ??= buildWorkerBundle();
  return bundled;
}

let bundled: Promise<string | null> | null = null;

async function buildWorkerBundle(): Promise<string | null> {
  try {
    const { build } = await import('esbuild');
    const entry = fileURLToPath(new URL('./fold-worker.ts', import.meta.url));
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      plugins: [packagesStayImports],
    });
    const code = result.outputFiles[0]!.contents;
    const file = path.join(cacheFolder(), `fold-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!(await exists(file))) {
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a rebuild starting at the same moment never loads half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, code);
      await rename(partial, file);
    }
    return file;
  } catch {
    return null;
  }
}

/**
 * Packages stay imports, of the very file the importing source would load: a package may be
 * installed for one workspace only (ajv 8 under infra/, beside the ajv 6 that eslint puts at the
 * top), where a bare name from node_modules/.cache would find the other one.
 */
const packagesStayImports: Plugin = {
  name: 'packages-stay-imports',
  setup(on) {
    on.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@shop/') || args.pluginData === RESOLVING || isBuiltin(args.path)) return undefined;
      const found = await on.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: RESOLVING });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: found.path, external: true };
    });
  },
};
const RESOLVING = Symbol('resolving');

/** node_modules/.cache/shop-rebuild, where the bundle is written. */
function cacheFolder(): string {
  const pgCopyStreams = createRequire(import.meta.url).resolve('pg-copy-streams/package.json');
  const nodeModules = path.dirname(path.dirname(pgCopyStreams));
  return path.join(nodeModules, '.cache', 'shop-rebuild');
}

const exists = (file: string): Promise<boolean> => stat(file).then(
  () => true,
  () => false,
);
