import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useAuthState } from '../src/app/session/session-store.ts';
import { SiteOverridesContext } from '../src/app/site-mode/site-overrides.ts';

describe('the customer login state on the staff site', () => {
  it('follows the site override, so shared pages never ask the desk to log in as the customer', () => {
    const withOverride =
      (selected: boolean) =>
      ({ children }: { children: ReactNode }) => (
        <SiteOverridesContext.Provider value={{ useCustomerLoggedIn: () => selected }}>
          {children}
        </SiteOverridesContext.Provider>
      );
    // No customer cookie in the test: logged out on a customer site.
    expect(renderHook(() => useAuthState()).result.current.loggedIn).toBe(false);
    expect(renderHook(() => useAuthState(), { wrapper: withOverride(true) }).result.current.loggedIn).toBe(
      true,
    );
    expect(renderHook(() => useAuthState(), { wrapper: withOverride(false) }).result.current.loggedIn).toBe(
      false,
    );
  });
});
