import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClientSettings } from '../src/app/client-settings/get-client-settings.ts';
import { noteAuthState } from '../src/app/session/session-store.ts';
import { SessionTimeout } from '../src/features/session-timeout/index.ts';
import { kioskWarningAfterMs } from '../src/features/kiosk/kiosk-timing.ts';
import { MoreTimeDialog } from '../src/features/kiosk/more-time-dialog.tsx';
import { durationWords, spokenDuration } from '../src/ui/countdown.tsx';
import { renderOnSite } from './support/render.tsx';
// Loaded lazily by the page; loaded here first so fake timers need not wait on a real import.
import '../src/features/session-timeout/session-timer.tsx';

const minute = 60_000;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A server whose session ends 30 idle minutes after its last extend; `ended` makes it answer 401. */
function fakeServer() {
  const server = { endsAt: Date.now() + 30 * minute, ended: false, extends: 0 };
  const times = () =>
    server.ended || Date.now() > server.endsAt
      ? (() => {
          document.cookie = 'lido_authState=out.after';
          return { status: 401, body: { message: 'Unauthenticated.' } };
        })()
      : {
          body: {
            data: {
              expiresAt: new Date(server.endsAt).toISOString(),
              expiresInMs: server.endsAt - Date.now(),
              idleTimeoutMs: 30 * minute,
              extendable: true,
            },
          },
        };
  const routes: Record<string, () => { status?: number; body: unknown }> = {
    '/api/auth/session': times,
    '/api/auth/session/extend': () => {
      if (!server.ended && Date.now() <= server.endsAt) {
        server.extends += 1;
        server.endsAt = Date.now() + 30 * minute;
      }
      return times();
    },
    '/api/auth/logout': () => ({ body: { data: { loggedOut: true } } }),
  };
  const calls: string[] = [];
  // Answers settle in microtasks (a real Response body waits for the event loop, which fake timers hold).
  const fetchStub = async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push(path);
    const answer = routes[path]?.() ?? { status: 404, body: { message: 'Not found' } };
    const status = answer.status ?? 200;
    return {
      ok: status < 400,
      status,
      statusText: '',
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => answer.body,
    };
  };
  vi.stubGlobal('fetch', fetchStub);
  return { server, calls };
}

/** Renders the warning and lets its first question to the server settle (act holds effects until it ends). */
async function mount(kioskIdleRules = false) {
  // The page's theme gate keeps the client settings in use; without it they would be forgotten in 5 minutes.
  function KeepSettings() {
    useClientSettings();
    return null;
  }
  renderOnSite(
    <>
      <KeepSettings />
      <SessionTimeout kioskIdleRules={kioskIdleRules} />
    </>,
    {
      site: kioskIdleRules ? 'online-joining' : 'my-account',
    },
  );
  await advance(0);
  await advance(0);
}

describe('the session timeout warning (WCAG 2.2.1)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom lays nothing out; the modal scrolls its opener into view as it closes.
    Element.prototype.scrollIntoView ??= () => undefined;
    document.cookie = 'lido_authState=in.before';
    noteAuthState('in.before');
  });
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = 'lido_authState=; Max-Age=0';
    noteAuthState(null);
  });

  it('warns 2 minutes before the end, and "Stay signed in" extends the session on the server', async () => {
    const { server } = fakeServer();
    await mount();
    await advance(27 * minute + 59_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(2000);
    const dialog = screen.getByRole('dialog', { name: 'You will be signed out soon' });
    expect(dialog.textContent).toContain('We will sign you out in 1 minute 59 seconds.');
    const stay = screen.getByRole('button', { name: 'Stay signed in' });
    expect(document.activeElement).toBe(stay);
    // The header's words for leaving (platform spec, "Account navigation"), not a second wording.
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toBeTruthy();
    fireEvent.click(stay);
    await advance(0);
    expect(server.extends).toBe(1);
    expect(screen.queryByRole('dialog', { name: 'You will be signed out soon' })).toBeNull();
    // The new end is 30 minutes on: no warning for another 28.
    await advance(27 * minute);
    expect(screen.queryByRole('dialog', { name: 'You will be signed out soon' })).toBeNull();
    await advance(2 * minute);
    expect(screen.getByRole('dialog', { name: 'You will be signed out soon' })).toBeTruthy();
  });

  it('announces the count a few times, not every second', async () => {
    fakeServer();
    await mount();
    await advance(28 * minute + 500);
    const live = screen.getByRole('dialog').querySelector('[aria-live="polite"]')!;
    const heard = new Set<string>();
    for (let second = 0; second < 115; second++) {
      await advance(1000);
      if (live.textContent) heard.add(live.textContent);
    }
    expect([...heard]).toEqual([
      'We will sign you out in 2 minutes.',
      'We will sign you out in 1 minute.',
      'We will sign you out in 50 seconds.',
      'We will sign you out in 40 seconds.',
      'We will sign you out in 30 seconds.',
      'We will sign you out in 20 seconds.',
      'We will sign you out in 10 seconds.',
    ]);
  });

  it('counts typing as activity: one call a minute at most, not one per key', async () => {
    const { server, calls } = fakeServer();
    await mount();
    await advance(10 * minute);
    for (let key = 0; key < 40; key++) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      await advance(1000); // 40 keys over 40 seconds
    }
    expect(server.extends).toBe(1);
    expect(calls.filter((call) => call === '/api/auth/session/extend')).toHaveLength(1);
    await advance(25_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
    await advance(0);
    expect(server.extends).toBe(2);
    // Typing kept it alive: 30 minutes after the page opened there has been no warning or end.
    await advance(20 * minute);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what happened when the session ends, instead of reloading the page', async () => {
    fakeServer();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await mount();
    await advance(28 * minute + 1000);
    expect(screen.getByRole('dialog', { name: 'You will be signed out soon' })).toBeTruthy();
    await advance(2 * minute + 1000);
    const ended = screen.getByRole('dialog', { name: 'You have been signed out' });
    expect(ended.textContent).toContain(
      'We signed you out because you had not done anything for 30 minutes, to keep your information secure.',
    );
    expect(ended.textContent).toContain(
      'Anything you entered on this page and had not sent has not been saved.',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'You will be signed out soon' })).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('stays quiet when another tab kept the session alive', async () => {
    const { server } = fakeServer();
    await mount();
    await advance(20 * minute);
    server.endsAt = Date.now() + 30 * minute; // the other tab's activity
    await advance(9 * minute);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(20 * minute);
    expect(screen.getByRole('dialog', { name: 'You will be signed out soon' })).toBeTruthy();
  });

  it("leaves idleness to the kiosk's own question at a kiosk", async () => {
    fakeServer();
    await mount(true);
    await advance(29 * minute);
    expect(screen.queryByRole('dialog', { name: 'You will be signed out soon' })).toBeNull();
  });
});

describe("the kiosk's idle question", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens at least 20 s before the reset, keeping the operator times when they allow it', () => {
    expect(kioskWarningAfterMs({ warningMs: 90_000, resetMs: 95_000 })).toBe(75_000);
    expect(kioskWarningAfterMs({ warningMs: 60_000, resetMs: 120_000 })).toBe(60_000);
    expect(kioskWarningAfterMs({ warningMs: 3_000, resetMs: 25_000 })).toBe(3_000);
  });

  it('asks "Do you need more time?" and counts down 20 s before clearing the screen', async () => {
    const timeout = vi.fn();
    renderOnSite(
      <MoreTimeDialog
        resetAt={Date.now() + 20_000}
        onMoreTime={vi.fn()}
        onStartOver={vi.fn()}
        onTimeout={timeout}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Do you need more time?' });
    expect(dialog.textContent).toContain('This screen will be cleared in 20 seconds.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, I need more time' }));
    await advance(1000);
    expect(dialog.querySelector('[aria-live="polite"]')?.textContent).toBe(
      'This screen will be cleared in 20 seconds.',
    );
    await advance(18_000);
    expect(dialog.textContent).toContain('This screen will be cleared in 1 second.');
    expect(timeout).not.toHaveBeenCalled();
    await advance(1000);
    expect(timeout).toHaveBeenCalledTimes(1);
  });
});

describe('countdown words', () => {
  it('reads naturally and rounds what is spoken', () => {
    expect(durationWords(119_000)).toBe('1 minute 59 seconds');
    expect(durationWords(120_000)).toBe('2 minutes');
    expect(durationWords(1_000)).toBe('1 second');
    expect(spokenDuration(119_000)).toBe('2 minutes');
    expect(spokenDuration(60_000)).toBe('1 minute');
    expect(spokenDuration(41_000)).toBe('50 seconds');
    expect(spokenDuration(9_000)).toBe('10 seconds');
  });
});
