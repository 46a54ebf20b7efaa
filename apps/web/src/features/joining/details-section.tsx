import { Button } from '../../ui/button.tsx';
import { RegistrationForm } from '../registration/index.ts';
import type { AuthUser } from '../../app/session/get-user.ts';
import { setSectionProblems } from './section-problems.ts';
import { useVoice } from '../../app/site-mode/voice.ts';

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
          <p className="notice__title">These details can&apos;t be edited right now</p>
          <p>{voice.detailsLocked}</p>
        </div>
        <dl className="facts">
          <dt>Name</dt>
          <dd>
            {user.firstName} {user.lastName}
          </dd>
          <dt>Email address</dt>
          <dd>{user.email}</dd>
          <dt>Customer ID</dt>
          <dd>{user.reference}</dd>
        </dl>
        <div className="form__actions">
          <Button variant="primary" size="lg" onClick={onContinue}>
            Continue
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <p>Create your online account: you will use it to manage your membership and book activities.</p>
      <RegistrationForm
        source="online-joining"
        submitLabel="Create Account"
        headingId="section-details"
        termsCheckbox="I agree to the terms and conditions and the privacy policy"
        onRegistered={() => {
          setSectionProblems('details', false);
          onContinue();
        }}
        onProblemsChange={(has) => setSectionProblems('details', has)}
      />
    </>
  );
}
