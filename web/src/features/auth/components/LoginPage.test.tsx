import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { login } from '../../../lib/session/session-api';
import { emptyProfile } from '../../../lib/user-profile';
import { useSessionStore } from '../../../lib/session/session-store';
import { LoginPage } from './LoginPage';

vi.mock('../../../lib/session/session-api', () => ({ login: vi.fn(), logout: vi.fn(), fetchCurrentUser: vi.fn() }));
const loginMock = vi.mocked(login);

function renderLogin(entry = '/login') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/projects" element={<p>Projects page</p>} />
        <Route path="/account" element={<p>Account page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    loginMock.mockReset();
    useSessionStore.setState({ user: emptyProfile, status: 'ready' });
  });

  it('shows the server message as a form alert when the login is refused', async () => {
    loginMock.mockRejectedValue(new ApiError(401, 'Invalid e-mail or password.'));
    renderLogin();
    await fillAndSubmit('cara@example.com', 'Secret123');

    expect(loginMock).toHaveBeenCalledWith({ email: 'cara@example.com', password: 'Secret123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('puts a field problem next to its input', async () => {
    loginMock.mockRejectedValue(new ApiError(400, 'This account is not active yet.', [{ field: 'email', message: 'This account is not active yet.' }]));
    renderLogin();
    await fillAndSubmit('new@example.com', 'Secret123');

    expect(await screen.findByLabelText('E-mail')).toHaveAccessibleDescription('This account is not active yet.');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the e-mail before calling the server', async () => {
    renderLogin();
    await fillAndSubmit('not-an-address', 'Secret123');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Please enter a valid e-mail address.');
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('stores the user and goes to the page asked for', async () => {
    loginMock.mockResolvedValue({ ...emptyProfile, email: 'cara@example.com', user_id: 7 });
    renderLogin('/login?next=%2Faccount');
    await fillAndSubmit('cara@example.com', 'Secret123');

    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(useSessionStore.getState().user.user_id).toBe(7);
  });
});
