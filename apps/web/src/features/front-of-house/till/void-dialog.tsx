import type { DeskOrder } from '@lido/contracts/front-of-house';
import { useEffect, useState } from 'react';
import { useFormErrors } from '../../../lib/forms/use-form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ApiError } from '../../../lib/api/api-client.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { LoadFailed } from './load-failed.tsx';
import { useVoidOrder, useVoidPreview } from './till-api.ts';

const reasonId = 'void-reason';
const reasonMessage = 'Enter why the order is voided.';

/**
 * The supervisor's confirmation before an order is voided: what will be handed back (the order's
 * tenders less what its refunds already gave back, decision 0072) and why (required, for the audit
 * log). Nothing is voided until they press "Void order"; if a refund changes the hand-back
 * meanwhile, the server refuses and the dialog shows what is true now.
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
  const preview = useVoidPreview(order?.id ?? null);
  const shownOrderId = preview.data?.orderId;
  // The form arrives with what is handed back: focus goes to its first field then, not before.
  useEffect(() => {
    if (shownOrderId !== undefined) document.getElementById(reasonId)?.focus();
  }, [shownOrderId]);
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
      {order && preview.isPending && <Spinner label="Working out what is handed back" />}
      {order &&
        preview.isError &&
        (preview.error instanceof ApiError && preview.error.status < 500 ? (
          <p className="error-line" role="alert">
            {preview.error.message}
          </p>
        ) : (
          <LoadFailed error={preview.error} />
        ))}
      {order && preview.data && (
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
              { orderId: order.id, reason: trimmed, handBackPence: preview.data.handBackTotal.raw.amount },
              {
                onSuccess: () => {
                  onVoided(order);
                  close();
                },
                onError: (error) => {
                  fromServer(error, ['reason']);
                  // A refund changed what is handed back: read it again, so what is shown is true.
                  if (error instanceof ApiError && error.status === 409) void preview.refetch();
                },
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
            {order.customer.name}, {order.total.formatted}.
            {preview.data.alreadyRefunded.raw.amount > 0 &&
              ` ${preview.data.alreadyRefunded.formatted} of it has already been refunded to the customer.`}
          </p>
          <h3 id="void-hand-back-heading">To hand back: {preview.data.handBackTotal.formatted}</h3>
          {preview.data.handBack.length === 0 ? (
            <p>Nothing: the order has already given back everything that was paid for it.</p>
          ) : (
            <ul aria-labelledby="void-hand-back-heading">
              {preview.data.handBack.map((item, index) => (
                <li key={index}>{item.text}</li>
              ))}
            </ul>
          )}
          {(preview.data.bookingsCancelled > 0 || preview.data.membershipsCancelled > 0) && (
            <p>
              {[
                preview.data.bookingsCancelled > 0 &&
                  `${preview.data.bookingsCancelled} ${preview.data.bookingsCancelled === 1 ? 'booking is' : 'bookings are'} cancelled and the places go back on sale`,
                preview.data.membershipsCancelled > 0 &&
                  `${preview.data.membershipsCancelled} ${preview.data.membershipsCancelled === 1 ? 'membership ends' : 'memberships end'}`,
              ]
                .filter(Boolean)
                .join('; ')}
              .
            </p>
          )}
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
