import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccessibilityStatementPage } from '../src/features/accessibility/statement-page.tsx';
import { knownIssues } from '../src/features/accessibility/known-issues.ts';
import { SiteFooter } from '../src/features/footer/index.ts';
import { renderOnSite, testSettings } from './support/render.tsx';

describe('the accessibility statement (issue 21 item 14)', () => {
  it("follows the GDS model: the operator's name and contact, known issues, enforcement, the standard and dates", () => {
    renderOnSite(<AccessibilityStatementPage />, { site: 'my-account' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Accessibility statement for Brightwater Leisure online',
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'How accessible this website is',
      'Feedback and contact information',
      'Reporting accessibility problems with this website',
      'Enforcement procedure',
      "Technical information about this website's accessibility",
      'Non-accessible content',
      'What we are doing to improve accessibility',
      'Preparation of this accessibility statement',
    ]);
    for (const link of screen.getAllByRole('link', { name: testSettings.customerServiceEmail }))
      expect(link.getAttribute('href')).toBe(`mailto:${testSettings.customerServiceEmail}`);
    expect(document.body.textContent).toContain(
      'This website is partially compliant with the Web Content Accessibility Guidelines version 2.2 AA standard',
    );
    expect(document.body.textContent).toContain('Equality Advisory and Support Service (EASS)');
    expect(document.body.textContent).toContain('This statement was prepared on 23 November 2026.');
    for (const issue of knownIssues) expect(document.body.textContent).toContain(issue.summary);
  });

  it('names each known issue after an open issue 21 item and the WCAG 2.2 criteria it fails', () => {
    expect(knownIssues.length).toBeGreaterThan(0);
    for (const issue of knownIssues) {
      expect(issue.issueItem).toBeGreaterThanOrEqual(1);
      expect(issue.issueItem).toBeLessThanOrEqual(14);
      for (const criterion of issue.criteria) expect(criterion).toMatch(/^\d\.\d\.\d+ [A-Z]/);
    }
    // Items this branch fixed are not listed as problems.
    expect(knownIssues.map((issue) => issue.issueItem)).not.toContain(1);
    expect(knownIssues.map((issue) => issue.issueItem)).not.toContain(14);
    // Items 5, 7 and 8 (nothing asked twice, errors announced, pages that say where you are) are fixed.
    for (const fixed of [5, 7, 8]) expect(knownIssues.map((issue) => issue.issueItem)).not.toContain(fixed);
    // Reflow at 320 px (item 6) and asking before checkout is left (item 10).
    expect(knownIssues.map((issue) => issue.issueItem)).not.toContain(6);
    expect(knownIssues.map((issue) => issue.issueItem)).not.toContain(10);
  });

  it('without a customer service email, sends people to reception', () => {
    renderOnSite(<AccessibilityStatementPage />, { settings: { ...testSettings, customerServiceEmail: '' } });
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
    expect(document.body.textContent).toContain('ask at the reception of any of our centres');
  });

  it("is linked from every site's footer", () => {
    for (const site of ['bookings', 'my-account', 'online-joining'] as const) {
      const view = renderOnSite(<SiteFooter venueSlug={undefined} />, { site });
      expect(screen.getByRole('link', { name: 'Accessibility statement' }).getAttribute('href')).toBe(
        '/accessibility-statement',
      );
      view.unmount();
    }
  });

  it('keeps the link where the chrome is hidden (embedded, a kiosk), without the operator footer (issue 34 item 6)', () => {
    renderOnSite(<SiteFooter venueSlug={undefined} operatorFooter={false} />, { site: 'online-joining' });
    expect(
      screen.getByRole('contentinfo').querySelector('.site-footer__inner:not(.site-footer__lido)'),
    ).toBeNull();
    expect(screen.getByRole('link', { name: 'Accessibility statement' }).getAttribute('href')).toBe(
      '/accessibility-statement',
    );
  });
});
