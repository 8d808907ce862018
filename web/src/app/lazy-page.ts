import { lazy, type ComponentType } from 'react';

/** A page chunk that has not arrived after this long counts as failed (SPEC §8, §9: 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Rejects like a failed chunk ("Loading chunk N failed. (timeout)") if `load` takes longer than `ms`. */
export function withChunkTimeout<T>(load: () => Promise<T>, name: string, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`Loading chunk ${name} failed. (timeout)`);
      error.name = 'ChunkLoadError';
      reject(error);
    }, ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * React.lazy for a named export: each page is its own chunk, fetched when its route is first
 * visited; a failed or timed-out fetch reaches the ChunkErrorBoundary of the layout.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await withChunkTimeout(load, name);
    return { default: module[name] as ComponentType };
  });
}
