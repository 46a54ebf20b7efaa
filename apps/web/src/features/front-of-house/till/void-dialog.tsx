import type { DeskOrder } from '@lido/contracts/front-of-house';
import { useState } from 'react';
import { useFormErrors } from '../../../lib/forms/use-form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useVoidOrder } from './till-api.ts';

const reasonId = 'void-reason';
const reasonMessage = 'Enter why the order is voided.';

/**
 * The supervisor's confirmation before an order is voided: why (required, for the audit log).
 * Nothing is voided until they press "Void order".
 */
export function VoidDialog({
  order,
  onClose,
  onVoided,
}: {
  order: DeskOrder | null;
  onClose: () => void;
  onVoided: (order: DeskOrder) => void;
}) {
  const [reason, setReason] = useState('');
  const voiding = useVoidOrder();
  const { errors, setErrors, fromServer } = useFormErrors();
  const close = () => {
    setReason('');
    setErrors({});
    voiding.reset();
    onClose();
  };
  return (
    <Modal
      open={order !== null}
      title={order ? `Void order ${order.reference}` : 'Void order'}
      onClose={close}
      initialFocus={() => document.getElementById(reasonId)}
    >
      {order && (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = reason.trim();
            if (trimmed.length < 3) {
              setErrors({ reason: reasonMessage });
              return;
            }
            setErrors({});
            voiding.mutate(
              { orderId: order.id, reason: trimmed },
              {
                onSuccess: () => {
                  onVoided(order);
                  close();
                },
                onError: (error) => fromServer(error, ['reason']),
              },
            );
          }}
        >
          <ErrorSummary
            errors={Object.entries(errors).map(([name, message]) => ({
              fieldId: name === 'reason' ? reasonId : 'void-confirm',
              message,
            }))}
          />
          <p>
            {order.customer.name}, {order.total.formatted}. The tenders are handed back and the order leaves
            the cash-up.
          </p>
          <div className={`field${errors.reason ? ' field--error' : ''}`}>
            <label className="field__label" htmlFor={reasonId}>
              Reason for voiding (required)
            </label>
            {errors.reason && (
              <p className="field__error" id={`${reasonId}-error`}>
                <span className="visually-hidden">Error:</span> {errors.reason}
              </p>
            )}
            <textarea
              id={reasonId}
              className="field__input"
              rows={3}
              maxLength={200}
              required
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="form__actions">
            <Button id="void-confirm" type="submit" variant="primary" size="md" disabled={voiding.isPending}>
              {voiding.isPending ? 'Voiding…' : 'Void order'}
            </Button>
            <Button variant="secondary" size="md" onClick={close}>
              Keep order
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
