import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { CredentialsForm } from './credentials-form.tsx';
import { useLogin } from '../../app/session/login.ts';
import { ForgottenPasswordDialogs } from './forgotten-password-dialogs.tsx';
import { authWords } from './words.ts';

/** The login form of the /login page and the bookings site's dialog, with "forgotten password". */
export function LoginForm({ onLoggedIn, idPrefix = 'login' }: { onLoggedIn: () => void; idPrefix?: string }) {
  const [resetOpen, setResetOpen] = useState(false);
  const login = useLogin();
  return (
    <>
      <CredentialsForm
        idPrefix={idPrefix}
        usernameLabel={authWords('emailOrCustomerId')}
        missingUsername={authWords('enterEmailOrCustomerId')}
        login={login}
        onLoggedIn={onLoggedIn}
        extraActions={
          <Button variant="link" onClick={() => setResetOpen(true)}>
            {authWords('forgottenPasswordLink')}
          </Button>
        }
      />
      <ForgottenPasswordDialogs open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  );
}
