import { describe, expect, it } from 'vitest';
import { visit } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';

describe('planned maintenance', () => {
  const e2e = useE2E({ LIDO_MAINTENANCE_MODE: 'true' });

  it('shows the maintenance screen on every site when the theme answers 503', async () => {
    const page = await e2e.page({ expectedHttpErrors: [503] });
    for (const origin of Object.values(e2e.server.urls)) {
      await page.goto(`${origin}/centre/clifton-lido-and-spa`);
      await page.getByRole('heading', { name: 'Service disruption' }).waitFor();
      expect(await page.getByText('Unable to access the site due to planned maintenance.').isVisible()).toBe(
        true,
      );
      await visit(page, page.url());
    }
  });
});
