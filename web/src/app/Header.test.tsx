import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfile, type UserProfile } from '../lib/user-profile';
import { configuredUrl, externalLinks } from '../lib/paths';
import { useSessionStore } from '../lib/session/session-store';
import { clearPendingRegistration, writePendingRegistration } from '../lib/session/guest-registration';
import { Header } from './Header';

vi.mock('../lib/session/session-api', () => ({
  login: vi.fn(),
  logout: vi.fn(async () => undefined),
  fetchCurrentUser: vi.fn(),
}));

const customer: UserProfile = { ...emptyProfile, email: 'cara@example.com', name: 'Cara', user_id: 7 };
const staff: UserProfile = { ...customer, email: 'sam@example.com', name: 'Sam', user_id: 1, is_staff: true };

function renderHeader(user: UserProfile) {
  useSessionStore.setState({ user, status: 'ready' });
  return render(
    <MemoryRouter initialEntries={['/projects']}>
      <Header />
      <Routes>
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="*" element={null} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Header', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: emptyProfile, status: 'idle' });
    // As if built with VITE_FAQ_URL and VITE_ANALYTICS_URL set.
    externalLinks.faq = 'https://help.example.org/faq';
    externalLinks.analytics = 'https://stats.example.org/';
  });

  it('hides FAQ and Analytics when VITE_FAQ_URL / VITE_ANALYTICS_URL are not set', () => {
    externalLinks.faq = configuredUrl(undefined);
    externalLinks.analytics = configuredUrl('  ');
    renderHeader(staff);
    expect(screen.getByRole('link', { name: 'Orgs' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'FAQ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('offers Sign Up and Login to a visitor who is logged out', () => {
    renderHeader(emptyProfile);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(within(main).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'INTERNAL' })).not.toBeInTheDocument();
  });

  it('shows a customer Projects, Account, the external FAQ and Logout, and no internal group', () => {
    renderHeader(customer);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(main).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    const faq = within(main).getByRole('link', { name: 'FAQ' });
    expect(faq).toHaveAttribute('target', '_blank');
    expect(faq).toHaveAttribute('href', 'https://help.example.org/faq');
    expect(within(main).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'INTERNAL' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
  });

  it('adds the INTERNAL group for staff', () => {
    renderHeader(staff);
    const internal = screen.getByRole('navigation', { name: 'INTERNAL' });
    expect(within(internal).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/internal/projects/');
    expect(within(internal).getByRole('link', { name: 'Orgs' })).toHaveAttribute('href', '/internal/organizations/');
    expect(within(internal).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/internal/reporting/');
    expect(within(internal).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/internal/notifications/');
    expect(within(internal).getByRole('link', { name: 'Health' })).toHaveAttribute('href', '/internal/health/');
    expect(within(internal).getByRole('link', { name: 'Analytics' })).toHaveAttribute('target', '_blank');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(main).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('logs out with DELETE /api/sessions, then shows the login page and the logged-out header', async () => {
    const { logout } = await import('../lib/session/session-api');
    renderHeader(customer);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows a guest who sent their registration link their project and where the link went, not Account or Logout', () => {
    writePendingRegistration({ email: 'gia@example.com', projectId: 'p-9', projectName: 'Lounge' });
    renderHeader({ ...emptyProfile, user_id: 'g-1' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Your project' })).toHaveAttribute('href', '/projects/editor/p-9/edit');
    expect(within(nav).getByText('Registration link sent to gia@example.com')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    clearPendingRegistration();
  });
});
