import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { CredentialsForm } from '../../app/session/credentials-form.tsx';
import { useLogin } from '../../app/session/login.ts';
import { ForgottenPasswordDialogs } from './forgotten-password-dialogs.tsx';

/** The login form of the /login page and the bookings site's dialog, with "forgotten password". */
export function LoginForm({ onLoggedIn, idPrefix = 'login' }: { onLoggedIn: () => void; idPrefix?: string }) {
  const [resetOpen, setResetOpen] = useState(false);
  const login = useLogin();
  return (
    <>
      <CredentialsForm
        idPrefix={idPrefix}
        usernameLabel="Email address or customer ID"
        missingUsername="Enter your email address or customer ID."
        login={login}
        onLoggedIn={onLoggedIn}
        extraActions={
          <Button variant="link" onClick={() => setResetOpen(true)}>
            I have forgotten my password
          </Button>
        }
      />
      <ForgottenPasswordDialogs open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  );
}
