import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ForgottenPasswordDialogs } from '../src/features/auth/forgotten-password-dialogs.tsx';
import { renderOnSite } from './support/render.tsx';

describe('errors announced (issue 21 item 7)', () => {
  it('puts forgotten password’s missing answer in a focused error summary that leads to the field', async () => {
    renderOnSite(<ForgottenPasswordDialogs open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Forgotten your password?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    const summary = within(dialog).getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain('There is a problem');
    const link = within(summary).getByRole('link', { name: 'Enter your email address or customer ID.' });
    await userEvent.click(link);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Email address or customer ID'));
    expect(document.title.startsWith('Error:')).toBe(true);
  });
});
