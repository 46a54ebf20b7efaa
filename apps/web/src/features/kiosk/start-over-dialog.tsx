import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { kioskWords } from './words.ts';

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
    <Modal open={open} title={kioskWords('leaveScreenTitle')} onClose={onContinue}>
      <p>{kioskWords('selectionCleared')}</p>
      <div className="form__actions">
        <Button variant="primary" size="lg" onClick={onContinue}>
          {kioskWords('continuePurchase')}
        </Button>
        <Button variant="secondary" size="lg" onClick={onStartOver}>
          {kioskWords('clearAndGoHome')}
        </Button>
      </div>
    </Modal>
  );
}
