import { QueryClientProvider } from '@tanstack/react-query';
import { act, render as renderElement, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { useBannerStore } from '../stores/banner-store';
import { Banner } from './Banner';
// Load the lazily imported renderer up front so fake timers do not hold it back.
import './BannerMarkdown';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, apiClient: { ...actual.apiClient, get: vi.fn() } };
});

const get = vi.mocked(apiClient.get);

/** Renders inside a fresh query cache, as a new visit has. */
const render = (ui: ReactElement) => renderElement(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

function answer(entries: { Active: boolean; Message: string }[]) {
  get.mockResolvedValue({ data: entries.map((attributes, i) => ({ id: i + 1, attributes })) });
}

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('Banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    get.mockReset();
    useBannerStore.setState({ index: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads GET /api/notifications/, keeps only the active ones, and rotates every 3750 ms', async () => {
    answer([
      { Active: true, Message: 'First news' },
      { Active: false, Message: 'Hidden news' },
      { Active: true, Message: 'Second news' },
    ]);
    render(<Banner />);
    await flush();

    expect(get).toHaveBeenCalledWith('/notifications/');
    const banner = screen.getByRole('complementary', { name: 'Announcements' });
    expect(within(banner).getByText('First news')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3749);
    });
    expect(within(banner).getByText('First news')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(within(banner).getByText('Second news')).toBeInTheDocument();
    expect(within(banner).queryByText('First news')).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3750);
    });
    expect(within(banner).getByText('First news')).toBeInTheDocument();
    expect(screen.queryByText('Hidden news')).not.toBeInTheDocument();
  });

  it('renders the message as Markdown and strips unsafe HTML', async () => {
    answer([{ Active: true, Message: '**Holiday sale** on [linen](https://example.com/linen) <script>alert(1)</script><img src=x onerror="alert(1)">' }]);
    const { container } = render(<Banner />);
    await flush();

    const banner = screen.getByRole('complementary', { name: 'Announcements' });
    expect(within(banner).getByText('Holiday sale').tagName).toBe('STRONG');
    expect(within(banner).getByRole('link', { name: 'linen' })).toHaveAttribute('href', 'https://example.com/linen');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('shows nothing when there is no active notification or the call fails', async () => {
    get.mockRejectedValue(new Error('down'));
    const { container } = render(<Banner />);
    await flush();
    expect(container).toBeEmptyDOMElement();
  });
});
