import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from '@shop/domain';
import { ApiError } from '../../../lib/api-client';
import { createUser } from '../api/users';
import { SignupPage } from './SignupPage';

vi.mock('../api/users', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/users')>()),
  createUser: vi.fn(),
}));
const createUserMock = vi.mocked(createUser);

// The one rule and message the server applies too.
const RULE = PASSWORD_RULE_MESSAGE;

async function fill(name: string, email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignupPage', () => {
  beforeEach(() => {
    createUserMock.mockReset();
    render(
      <MemoryRouter initialEntries={['/signup']}>
        <SignupPage />
      </MemoryRouter>,
    );
  });

  it.each(['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])('shows the password rule for %s and does not call the server', async (password) => {
    await fill('Cara', 'cara@example.com', password);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(RULE));
    expect(screen.getByText(RULE)).toBeInTheDocument();
    expect(createUserMock).not.toHaveBeenCalled();
  });

  it('posts email, name and password and says an activation link was sent', async () => {
    createUserMock.mockResolvedValue({});
    await fill('Cara', 'cara@example.com', 'Secret123');
    expect(createUserMock).toHaveBeenCalledWith({ email: 'cara@example.com', name: 'Cara', password: 'Secret123' });
    expect(await screen.findByRole('status')).toHaveTextContent('We sent an activation link to cara@example.com');
  });

  it('shows a server problem next to its field', async () => {
    createUserMock.mockRejectedValue(new ApiError(400, 'An account with this e-mail already exists.', [{ field: 'email', message: 'An account with this e-mail already exists.' }]));
    await fill('Cara', 'cara@example.com', 'Secret123');
    expect(await screen.findByText('An account with this e-mail already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('An account with this e-mail already exists.');
  });
});
