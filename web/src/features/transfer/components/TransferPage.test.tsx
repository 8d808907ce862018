import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkUser, transferProject } from '../api/transfer';
import { TransferPage } from './TransferPage';

vi.mock('../api/transfer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/transfer')>()),
  checkUser: vi.fn(),
  transferProject: vi.fn(),
}));

describe('TransferPage', () => {
  beforeEach(() => {
    vi.mocked(checkUser).mockReset();
    vi.mocked(transferProject).mockReset();
    render(<TransferPage />);
  });

  it('starts with the default message and shows the server message after a transfer', async () => {
    expect(screen.getByRole('status')).toHaveTextContent('Enter details to transfer project');
    vi.mocked(transferProject).mockResolvedValue({ message: 'Project 42 now belongs to new@example.com.' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Project id'), '42');
    await user.type(screen.getByLabelText("New owner's e-mail"), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(transferProject).toHaveBeenCalledWith('42', 'new@example.com');
    expect(await screen.findByText('Project 42 now belongs to new@example.com.')).toBeInTheDocument();
  });

  it('checks the user and shows a refusal from the server', async () => {
    vi.mocked(checkUser).mockRejectedValue(new ApiError(404, 'No user with this e-mail.'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New owner's e-mail"), 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Check user' }));
    expect(checkUser).toHaveBeenCalledWith('who@example.com');
    expect(await screen.findByText('No user with this e-mail.')).toBeInTheDocument();
  });
});
