import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { emptyProfile } from '../lib/user-profile';
import { useSessionStore } from '../lib/session/session-store';
import { RequireStaff, RequireUser } from './guards';

function renderAt(path: string, element: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('route guards', () => {
  it('tells a customer they have no access to a staff page', () => {
    useSessionStore.setState({ user: { ...emptyProfile, user_id: 7, email: 'c@example.com' }, status: 'ready' });
    renderAt('/internal/reporting/', <RequireStaff><p>Reports</p></RequireStaff>);
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to this page.');
    expect(screen.queryByText('Reports')).not.toBeInTheDocument();
  });

  it('shows a staff page to staff', () => {
    useSessionStore.setState({ user: { ...emptyProfile, user_id: 1, is_staff: true }, status: 'ready' });
    renderAt('/internal/reporting/', <RequireStaff><p>Reports</p></RequireStaff>);
    expect(screen.getByText('Reports')).toBeInTheDocument();
  });

  it('sends a logged-out visitor of a customer page to the login page', () => {
    useSessionStore.setState({ user: emptyProfile, status: 'ready' });
    renderAt('/account', <RequireUser><p>Account</p></RequireUser>);
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });
});
