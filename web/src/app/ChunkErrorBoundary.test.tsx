import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary, isChunkLoadError } from './ChunkErrorBoundary';

describe('ChunkErrorBoundary', () => {
  it('says the page failed to load and offers a reload when a page chunk cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page-x.js')));
    const onReload = vi.fn();
    render(
      <ChunkErrorBoundary onReload={onReload}>
        <Suspense fallback={<p>Loading…</p>}>
          <Broken />
        </Suspense>
      </ChunkErrorBoundary>,
    );

    expect(await screen.findByRole('heading', { name: 'This page failed to load' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('recognises the chunk failure wordings', () => {
    expect(isChunkLoadError(new Error('Loading chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('withChunkTimeout', () => {
  it('fails a page chunk that takes longer than 120 s, in the chunk-error wording', async () => {
    vi.useFakeTimers();
    try {
      const { withChunkTimeout, CHUNK_TIMEOUT_MS } = await import('./lazy-page');
      const pending = withChunkTimeout(() => new Promise<never>(() => undefined), 'ReportingPage');
      const settled = pending.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
      const error = await settled;
      expect(CHUNK_TIMEOUT_MS).toBe(120_000);
      expect(isChunkLoadError(error)).toBe(true);
      expect((error as Error).message).toBe('Loading chunk ReportingPage failed. (timeout)');
    } finally {
      vi.useRealTimers();
    }
  });
});
