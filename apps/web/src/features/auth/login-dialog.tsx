import { Modal } from '../../ui/modal.tsx';
import { LoginForm } from './login-form.tsx';
import { authWords } from './words.ts';

/** The bookings site logs in without leaving the page. */
export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title={authWords('logInTitle')} onClose={onClose} width={500}>
      <p>{authWords('logInIntro')}</p>
      <LoginForm idPrefix="login-dialog" onLoggedIn={onClose} />
    </Modal>
  );
}
