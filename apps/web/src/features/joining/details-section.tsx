import { Button } from '../../ui/button.tsx';
import { RegistrationForm } from '../registration/index.ts';
import type { AuthUser } from '../../app/session/get-user.ts';
import { setSectionProblems } from './section-problems.ts';
import { useVoice } from '../../app/site-mode/voice.ts';
import { joiningWords } from './words.ts';

/**
 * Your details: a logged-in customer's details are shown, not edited here; a guest creates their
 * account from the operator's data fields, and a 201 moves them on, logged in.
 */
export function DetailsSection({ user, onContinue }: { user: AuthUser | undefined; onContinue: () => void }) {
  const voice = useVoice();
  if (user) {
    return (
      <>
        <div className="notice notice--neutral">
          {/* The spec's words, then why and where they can be changed (issue 34 item 4). */}
          <p className="notice__title">{joiningWords('detailsLocked')}</p>
          <p>{voice.detailsLocked}</p>
        </div>
        <dl className="facts">
          <dt>{joiningWords('name')}</dt>
          <dd>
            {user.firstName} {user.lastName}
          </dd>
          <dt>{joiningWords('emailAddress')}</dt>
          <dd>{user.email}</dd>
          <dt>{joiningWords('customerId')}</dt>
          <dd>{user.reference}</dd>
        </dl>
        <div className="form__actions">
          <Button variant="primary" size="lg" onClick={onContinue}>
            {joiningWords('continue')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <p>{joiningWords('createAccountIntro')}</p>
      <RegistrationForm
        source="online-joining"
        submitLabel={joiningWords('createAccount')}
        headingId="section-details"
        termsCheckbox={joiningWords('agreeToTerms')}
        onRegistered={() => {
          setSectionProblems('details', false);
          onContinue();
        }}
        onProblemsChange={(has) => setSectionProblems('details', has)}
      />
    </>
  );
}
