import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PrivacySection } from './PrivacySection';

// The calls themselves run against the real shop in tests/e2e/privacy.test.ts; this covers the guard before them.
describe('PrivacySection', () => {
  it('links the export file and asks for a confirmation before erasing', async () => {
    render(
      <MemoryRouter>
        <PrivacySection />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/users/export/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Erase my data' }));
    const confirm = screen.getByRole('group', { name: 'Confirm erasure' });
    expect(confirm).toHaveTextContent('This cannot be undone.');
    const eraseForGood = screen.getByRole('button', { name: 'Erase my data for good' });
    expect(eraseForGood).toBeDisabled();
    await user.click(screen.getByLabelText('I understand that this cannot be undone'));
    expect(eraseForGood).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm erasure' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erase my data' })).toBeInTheDocument();
  });
});
