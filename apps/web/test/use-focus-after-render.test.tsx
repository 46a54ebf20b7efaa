import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusAfterRender } from '../src/lib/focus/use-focus-after-render.ts';

/**
 * A form that, once "saved" over the network, goes back to a list whose heading appears only after a
 * later render (as when the list is still loading): the case where a bare animation frame fired
 * too early and focus fell to <body> (CI, staff-openings).
 */
function SaveThenList({ listDelayMs }: { listDelayMs: number }) {
  const [screenShown, setScreenShown] = useState<'form' | 'loading' | 'list'>('form');
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const save = async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    setScreenShown('loading');
    focusAfterRender(() => heading.current);
    setTimeout(() => setScreenShown('list'), listDelayMs);
  };
  if (screenShown === 'form') return <button onClick={() => void save()}>Save</button>;
  if (screenShown === 'loading') return <p>Loading</p>;
  return (
    <h2 ref={heading} tabIndex={-1}>
      Openings
    </h2>
  );
}

describe('useFocusAfterRender', () => {
  it('focuses the element once a later render shows it, not before', async () => {
    render(<SaveThenList listDelayMs={60} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const heading = await screen.findByRole('heading', { name: 'Openings' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('does not steal focus from what the user went to while waiting', async () => {
    function GivesUp() {
      const [n, setN] = useState(0);
      const focusAfterRender = useFocusAfterRender();
      return (
        <>
          <button
            onClick={() => {
              focusAfterRender(() => null);
              for (let i = 1; i <= 6; i++) setTimeout(() => setN(i), i * 5);
            }}
          >
            Go
          </button>
          <input aria-label="Search" />
          <p>{n === 6 ? 'Renders done' : 'Rendering'}</p>
        </>
      );
    }
    render(<GivesUp />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    const search = screen.getByLabelText('Search');
    search.focus();
    await screen.findByText('Renders done');
    expect(document.activeElement).toBe(search);
  });
});
