import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export: each page is its own chunk, fetched when its route is first visited. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}
