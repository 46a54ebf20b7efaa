import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/app/query-client.ts';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import { Toaster } from '../src/app/toasts/toaster.tsx';
import { ApiError } from '../src/lib/api/api-client.ts';
import { sanitizeHtml } from '../src/lib/sanitize-html.ts';
import { SiteFooter } from '../src/features/footer/index.ts';
import { renderOnSite, stubFetch } from './support/render.tsx';

describe('server HTML', () => {
  it('keeps formatting and links but removes anything that could run', () => {
    const dirty =
      '<p><strong>Open</strong> <a href="/x">daily</a></p><script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">bad</a><iframe src="https://evil.example"></iframe><form action="/steal"><input name="p"></form>';
    const clean = sanitizeHtml(dirty);
    expect(clean).toContain('<p><strong>Open</strong> <a href="/x">daily</a></p>');
    expect(clean).not.toMatch(/script|onerror|javascript:|iframe|<form|<input/i);
  });

  it("shows the operator's footer sanitised (DOMPurify loads with the footer, not the first route)", async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/activities/footer': {
          body: {
            data: '<p>Call <a href="/contact">us</a></p><script>alert(1)</script><img src=x onerror="alert(2)">',
          },
        },
      }).fetchStub,
    );
    const { container } = renderOnSite(<SiteFooter venueSlug={undefined} />);
    expect((await screen.findByRole('link', { name: 'us' })).getAttribute('href')).toBe('/contact');
    expect(container.innerHTML).not.toMatch(/script|onerror/i);
    vi.unstubAllGlobals();
  });
});

describe('validation errors from a mutation', () => {
  afterEach(() => act(() => clearToasts()));

  it('are listed in a "Validation errors" toast', async () => {
    const client = createQueryClient();
    render(<Toaster />);
    await act(async () => {
      await client
        .getMutationCache()
        .build(client, {
          mutationFn: () =>
            Promise.reject(
              new ApiError(422, 'Invalid', { startDate: ['The start date must be today or later.'] }),
            ),
        })
        .execute(undefined)
        .catch(() => undefined);
    });
    expect(screen.getByRole('alert').textContent).toContain('Validation errors');
    expect(screen.getByText('The start date must be today or later.')).toBeTruthy();
  });

  it('are left to the form when the mutation shows them inline', async () => {
    const client = createQueryClient();
    render(<Toaster />);
    await act(async () => {
      await client
        .getMutationCache()
        .build(client, {
          meta: { inlineValidation: true },
          mutationFn: () => Promise.reject(new ApiError(422, 'Invalid', { startDate: ['Bad date.'] })),
        })
        .execute(undefined)
        .catch(() => undefined);
    });
    expect(screen.queryByText('Validation errors')).toBeNull();
  });
});
