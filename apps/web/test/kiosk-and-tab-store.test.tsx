import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleTimers } from '../src/features/kiosk/use-idle-timers.ts';
import { createTabStore } from '../src/lib/tab-store.ts';

describe('the kiosk idle timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns at 90 s and resets at 95 s of idleness, and any activity starts the count again', () => {
    const warn = vi.fn();
    const reset = vi.fn();
    renderHook(() =>
      useIdleTimers(
        [
          { afterMs: 90_000, run: warn },
          { afterMs: 95_000, run: reset },
        ],
        true,
      ),
    );
    act(() => vi.advanceTimersByTime(89_000));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    act(() => vi.advanceTimersByTime(89_000));
    expect(warn).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(reset).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(5_000));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('does nothing while switched off', () => {
    const run = vi.fn();
    renderHook(() => useIdleTimers([{ afterMs: 1_000, run }], false));
    act(() => vi.advanceTimersByTime(10_000));
    expect(run).not.toHaveBeenCalled();
  });
});

describe('the tab store', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps its state for the tab, and drops what no longer fits', () => {
    const revive = (stored: unknown) =>
      typeof stored === 'object' && stored !== null && typeof (stored as { step?: unknown }).step === 'number'
        ? (stored as { step: number })
        : null;
    const first = createTabStore('test.store', { step: 1 }, revive);
    first.update({ step: 3 });
    expect(JSON.parse(sessionStorage.getItem('test.store')!)).toEqual({ step: 3 });
    // A later page load (a new store on the same key) reads it back.
    expect(createTabStore('test.store', { step: 1 }, revive).get()).toEqual({ step: 3 });
    sessionStorage.setItem('test.store', JSON.stringify({ step: 'three' }));
    expect(createTabStore('test.store', { step: 1 }, revive).get()).toEqual({ step: 1 });
    sessionStorage.setItem('test.store', '{not json');
    expect(createTabStore('test.store', { step: 1 }, revive).get()).toEqual({ step: 1 });
  });
});
