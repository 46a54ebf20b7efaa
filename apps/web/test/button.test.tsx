import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../src/ui/button.tsx';

/** A submit Button in a form, as the booking form has it; answers its spies and a way to redraw it. */
function renderInForm() {
  const onClick = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const form = (disabled: boolean) => (
    <form onSubmit={onSubmit}>
      <Button type="submit" onClick={onClick} disabled={disabled}>
        {disabled ? 'Adding…' : 'Add to basket'}
      </Button>
    </form>
  );
  const { rerender } = render(form(false));
  return {
    onClick,
    onSubmit,
    button: screen.getByRole('button'),
    redraw: (disabled: boolean) => rerender(form(disabled)),
  };
}

/** Issue 34 item 1: a button that turns disabled under the customer's focus keeps it. */
describe('a disabled Button', () => {
  it('keeps focus, and refuses its click and its form submit', () => {
    const { onClick, onSubmit, button, redraw } = renderInForm();
    button.focus();
    redraw(true);
    expect(document.activeElement).toBe(button);
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clicks and submits again once enabled', () => {
    const { onClick, onSubmit, button, redraw } = renderInForm();
    redraw(true);
    redraw(false);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
