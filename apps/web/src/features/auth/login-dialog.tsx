import { Modal } from '../../ui/modal.tsx';
import { LoginForm } from './login-form.tsx';

/** The bookings site logs in without leaving the page. */
export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Log in" onClose={onClose} width={500}>
      <p>Already have an online account? Log in to book faster and manage your account.</p>
      <LoginForm idPrefix="login-dialog" onLoggedIn={onClose} />
    </Modal>
  );
}
