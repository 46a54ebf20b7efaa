import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';

/** The kiosk's start-over question (joining spec, "Kiosk"). */
export function StartOverDialog({
  open,
  onStartOver,
  onContinue,
}: {
  open: boolean;
  onStartOver: () => void;
  onContinue: () => void;
}) {
  return (
    <Modal open={open} title="Are you sure you want to leave this screen?" onClose={onContinue}>
      <p>Your selection will be cleared and anyone logged in on this screen will be logged out.</p>
      <div className="form__actions">
        <Button variant="primary" size="lg" onClick={onContinue}>
          Continue with my purchase
        </Button>
        <Button variant="secondary" size="lg" onClick={onStartOver}>
          Clear selection and go home
        </Button>
      </div>
    </Modal>
  );
}
