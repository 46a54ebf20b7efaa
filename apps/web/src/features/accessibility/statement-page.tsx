import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { knownIssues, statementDates } from './known-issues.ts';

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

/**
 * /accessibility-statement on every site (issue 21 item 14), in the GDS model statement's order:
 * who runs it and what should work, what does not yet, how to report a problem, the enforcement
 * procedure, the standard (WCAG 2.2 AA) and how the statement was prepared.
 */
export function AccessibilityStatementPage() {
  const { name, customerServiceEmail } = useClientSettings();
  const email = customerServiceEmail.trim();
  return (
    <article className="statement">
      <h1>Accessibility statement for {name} online</h1>
      <p>
        This accessibility statement applies to {name}&apos;s websites for booking activities, managing your
        account and buying a membership, including their kiosk and embedded versions.
      </p>
      <p>
        This website is run by {name}. We want as many people as possible to be able to use it. For example,
        that means you should be able to:
      </p>
      <ul>
        <li>find a centre, join, book and manage your account with a keyboard alone</li>
        <li>
          use the websites with a screen reader: pages and dialogs are marked up with headings, labels and
          landmarks
        </li>
        <li>zoom in up to 200% without the text spilling off the screen</li>
        <li>change colours, contrast levels and fonts using browser or device settings</li>
        <li>get a warning, and more time, before you are signed out for not doing anything</li>
      </ul>

      <h2>How accessible this website is</h2>
      <p>We know some parts of this website are not fully accessible:</p>
      <ul>
        {knownIssues.map((issue) => (
          <li key={issue.issueItem}>{issue.summary}</li>
        ))}
      </ul>

      <h2>Feedback and contact information</h2>
      <p>
        If you need information on this website in a different format, like accessible PDF, large print, easy
        read, audio recording or braille, or you need help to book or join, contact us:
      </p>
      <ul>
        {email ? (
          <li>
            email <a href={`mailto:${email}`}>{email}</a>
          </li>
        ) : (
          <li>ask at the reception of any of our centres</li>
        )}
      </ul>
      <p>We will consider your request and get back to you as soon as we can.</p>

      <h2>Reporting accessibility problems with this website</h2>
      <p>
        We are always looking to improve the accessibility of this website. If you find any problems not
        listed on this page or think we are not meeting accessibility requirements,{' '}
        {email ? (
          <>
            email <a href={`mailto:${email}`}>{email}</a>
          </>
        ) : (
          'tell the reception of any of our centres'
        )}
        .
      </p>

      <h2>Enforcement procedure</h2>
      <p>
        The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector Bodies
        (Websites and Mobile Applications) (No. 2) Accessibility Regulations 2018 (the &lsquo;accessibility
        regulations&rsquo;). If you are not happy with how we respond to your complaint, contact the Equality
        Advisory and Support Service (EASS). If you are in Northern Ireland, contact the Equality Commission
        for Northern Ireland.
      </p>

      <h2>Technical information about this website&apos;s accessibility</h2>
      <p>
        {name} is committed to making its website accessible, in accordance with the Public Sector Bodies
        (Websites and Mobile Applications) (No. 2) Accessibility Regulations 2018.
      </p>
      <h3>Compliance status</h3>
      <p>
        This website is partially compliant with the Web Content Accessibility Guidelines version 2.2 AA
        standard, due to the non-compliances listed below.
      </p>

      <h2>Non-accessible content</h2>
      <p>The content listed below is non-accessible for the following reasons.</p>
      <h3>Non-compliance with the accessibility regulations</h3>
      <ul>
        {knownIssues.map((issue) => (
          <li key={issue.issueItem}>
            {issue.summary} This fails WCAG 2.2 success criteria {issue.criteria.join(', ')}. We plan to fix
            it.
          </li>
        ))}
      </ul>

      <h2>What we are doing to improve accessibility</h2>
      <p>
        Every change to these websites is checked with automated accessibility tests (axe-core) on each page
        and dialog at phone and desktop sizes, and the joining journey is tested with a keyboard alone. We
        remove each problem above from this statement when it is fixed.
      </p>

      <h2>Preparation of this accessibility statement</h2>
      <p>
        This statement was prepared on {longDate(statementDates.prepared)}. It was last reviewed on{' '}
        {longDate(statementDates.lastReviewed)}.
      </p>
      <p>
        This website was last tested on {longDate(statementDates.lastTested)} against the WCAG 2.2 AA
        standard. The test covered every page, dialog and error state the automated end-to-end tests visit,
        with axe-core 4.14, and the guest joining journey with a keyboard alone, in Chromium at 390 and 1280
        pixels wide.
      </p>
    </article>
  );
}
