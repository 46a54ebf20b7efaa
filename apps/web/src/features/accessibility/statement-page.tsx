import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { longDate } from '../../i18n/dates.ts';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';
import { knownIssues, statementDates } from './known-issues.ts';
import { accessibilityWords } from './words.ts';

/**
 * /accessibility-statement on every site (issue 21 item 14), in the GDS model statement's order:
 * who runs it and what should work, what does not yet, how to report a problem, the enforcement
 * procedure, the standard (WCAG 2.2 AA) and how the statement was prepared.
 */
export function AccessibilityStatementPage() {
  const { name, customerServiceEmail } = useClientSettings();
  const email = customerServiceEmail.trim();
  const emailLink = <a href={`mailto:${email}`}>{email}</a>;
  return (
    <article className="statement">
      <h1>{accessibilityWords('heading', { operator: name })}</h1>
      <p>{accessibilityWords('appliesTo', { operator: name })}</p>
      <p>{accessibilityWords('runBy', { operator: name })}</p>
      <ul>
        <li>{accessibilityWords('canKeyboard')}</li>
        <li>{accessibilityWords('canScreenReader')}</li>
        <li>{accessibilityWords('canZoom')}</li>
        <li>{accessibilityWords('canChangeColours')}</li>
        <li>{accessibilityWords('canGetMoreTime')}</li>
      </ul>

      <h2>{accessibilityWords('howAccessibleHeading')}</h2>
      <p>{accessibilityWords('notFullyAccessible')}</p>
      <ul>
        {knownIssues.map((issue) => (
          <li key={issue.issueItem}>{issue.summary}</li>
        ))}
      </ul>

      <h2>{accessibilityWords('feedbackHeading')}</h2>
      <p>{accessibilityWords('differentFormat')}</p>
      <ul>
        {email ? (
          <li>{wordsWithParts(accessibilityWords, 'contactEmail', { emailLink })}</li>
        ) : (
          <li>{accessibilityWords('contactReception')}</li>
        )}
      </ul>
      <p>{accessibilityWords('considerRequest')}</p>

      <h2>{accessibilityWords('reportingHeading')}</h2>
      <p>
        {email
          ? wordsWithParts(accessibilityWords, 'reportingEmail', { emailLink })
          : accessibilityWords('reportingReception')}
      </p>

      <h2>{accessibilityWords('enforcementHeading')}</h2>
      <p>{accessibilityWords('enforcement')}</p>

      <h2>{accessibilityWords('technicalHeading')}</h2>
      <p>{accessibilityWords('committed', { operator: name })}</p>
      <h3>{accessibilityWords('complianceHeading')}</h3>
      <p>{accessibilityWords('partiallyCompliant')}</p>

      <h2>{accessibilityWords('nonAccessibleHeading')}</h2>
      <p>{accessibilityWords('listedBelow')}</p>
      <h3>{accessibilityWords('nonComplianceHeading')}</h3>
      <ul>
        {knownIssues.map((issue) => (
          <li key={issue.issueItem}>
            {accessibilityWords('knownIssue', {
              summary: issue.summary,
              criteria: issue.criteria.join(', '),
            })}
          </li>
        ))}
      </ul>

      <h2>{accessibilityWords('improvingHeading')}</h2>
      <p>{accessibilityWords('improving')}</p>

      <h2>{accessibilityWords('preparationHeading')}</h2>
      <p>
        {accessibilityWords('prepared', {
          prepared: longDate(statementDates.prepared),
          lastReviewed: longDate(statementDates.lastReviewed),
        })}
      </p>
      <p>{accessibilityWords('tested', { lastTested: longDate(statementDates.lastTested) })}</p>
    </article>
  );
}
