import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeGate } from '../src/app/theme-gate.tsx';
import { stubFetch, testSettings } from './support/render.tsx';

function renderGate() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ThemeGate venueSlug="clifton-lido-and-spa">
        {({ settings }) => <p>Welcome to {settings.name}</p>}
      </ThemeGate>
    </QueryClientProvider>,
  );
}

describe('the theme gate', () => {
  it('shows a spinner, then the page in the theme once settings and theme have loaded', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/client': { body: { data: testSettings } },
        '/api/frontend/theme': { body: { data: { theme_app_primary_colour: '#006d77' } } },
      }).fetchStub,
    );
    renderGate();
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(await screen.findByText('Welcome to Brightwater Leisure')).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--lido-primary')).toBe('#006d77');
  });

  it('shows the maintenance screen when the theme answers 503', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/client': { body: { data: testSettings } },
        '/api/frontend/theme': { status: 503, body: { message: 'Maintenance' } },
      }).fetchStub,
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Service disruption' })).toBeTruthy();
    expect(screen.getByText('Unable to access the site due to planned maintenance.')).toBeTruthy();
  });

  it('shows the full-page error with the generic error line for any other theme failure', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/client': { body: { data: testSettings } },
        '/api/frontend/theme': { status: 500, body: { message: 'Boom' } },
      }).fetchStub,
    );
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'We may have dropped the ball on this one.' }),
    ).toBeTruthy();
    expect(screen.getByText('Something has gone wrong, please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-found page when the client settings call fails', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/client': { status: 500, body: { message: 'Boom' } },
        '/api/frontend/theme': { body: { data: {} } },
      }).fetchStub,
    );
    renderGate();
    expect(
      await screen.findByRole('heading', { name: "Whoops! Looks like you've gone offside." }),
    ).toBeTruthy();
  });
});
