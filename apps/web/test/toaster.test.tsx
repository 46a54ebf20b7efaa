import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showToast, showValidationErrors } from '../src/app/toasts/toast-store.ts';
import { Toaster } from '../src/app/toasts/toaster.tsx';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('announce politely and close after their duration', () => {
    render(<Toaster />);
    act(
      () =>
        void showToast({
          content: 'Successfully added item to the basket.',
          type: 'success',
          closeAfter: 3000,
        }),
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Successfully added item to the basket.');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Successfully added item to the basket.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Successfully added item to the basket.')).toBeNull();
  });

  it('default to 5000 ms, and 0 never closes', () => {
    render(<Toaster />);
    act(() => {
      showToast({ content: 'Five seconds' });
      showToast({ content: 'Forever', closeAfter: 0 });
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Five seconds')).toBeNull();
    act(() => vi.advanceTimersByTime(600_000));
    expect(screen.queryByText('Forever')).not.toBeNull();
  });

  it('list validation errors in an assertive alert', () => {
    render(<Toaster />);
    act(
      () =>
        void showValidationErrors({
          'accountDetails.sortCode': ['Sort code must be 6 digits.'],
          billingDay: ['Choose a billing day.'],
        }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Validation errors');
    expect([...alert.querySelectorAll('.toast__messages li')].map((item) => item.textContent)).toEqual([
      'Sort code must be 6 digits.',
      'Choose a billing day.',
    ]);
  });

  it('close when the close button is pressed, and run their callback', async () => {
    vi.useRealTimers();
    const callback = vi.fn();
    render(<Toaster />);
    act(() => void showToast({ content: 'Closable', closeAfter: 0, callback }));
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Closable')).toBeNull();
    expect(callback).toHaveBeenCalledOnce();
  });
});
