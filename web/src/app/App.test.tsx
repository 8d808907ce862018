import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfile } from '../lib/user-profile';
import { useSessionStore } from '../lib/session/session-store';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './App';

// No server here: every call fails the way an unreachable API does.
vi.mock('../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/api-client')>();
  const offline = () => Promise.reject(new ApiError(0, 'offline'));
  return { ...actual, apiClient: { get: vi.fn(offline), post: vi.fn(offline), put: vi.fn(offline), delete: vi.fn(offline) } };
});

// Every route of SPEC §2, plus the notifications manager, with the heading its page shows.
const routes: [string, string][] = [
  ['/', 'Made-to-order soft furnishings'],
  ['/login', 'Log in'],
  ['/signup', 'Sign up'],
  ['/referral_signup', 'You have been referred'],
  ['/password-reset?token=t', 'Reset password'],
  ['/forgot-password', 'Forgot password'],
  ['/activation/abc', 'Account activation'],
  ['/profile-completion/abc', 'Complete your profile'],
  ['/account', 'Account'],
  ['/projects', 'Projects'],
  ['/projects/editor/', 'Project editor'], // no id: the guest edit route (SPEC §2)
  ['/projects/editor/42', 'Project summary'],
  ['/projects/editor/guest/edit', 'Project editor'],
  ['/invoice/42', 'Checkout'],
  ['/internal/projects/', 'Internal projects'],
  ['/internal/projects/42', 'Internal project detail'],
  ['/internal/projects/42/pdf', 'Work order'],
  ['/internal/reporting/', 'Reports'],
  ['/internal/transfer/', 'Transfer project'],
  ['/internal/organizations/', 'Organizations'],
  ['/internal/organizations/7', 'Organization'],
  ['/internal/notifications/', 'Notifications'],
];

describe('routes', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: { ...emptyProfile, user_id: 1, email: 's@example.com', is_staff: true }, status: 'ready' });
  });

  it.each(routes)('%s shows its page', async (path, heading) => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    const layout = !path.startsWith('/signup') && !path.startsWith('/referral_signup');
    expect(screen.queryByRole('contentinfo') !== null).toBe(layout);
  });

  it('shows a not-found page for unknown paths', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/no/such/page']}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('the editor says so when the catalogue cannot be loaded', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/projects/editor/guest/edit']}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // Reads are tried three times when the server cannot be reached (lib/query-client.ts) before saying so.
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent('offline');
  });
});
