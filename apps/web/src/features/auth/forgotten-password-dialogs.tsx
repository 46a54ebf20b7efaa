import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { TextField } from '../../ui/form-fields.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useForgottenPassword } from './forgotten-password.ts';

type Step = 'closed' | 'request' | 'customer-id' | 'sent';

/**
 * "Forgotten your password?", then "Check your email"; a server answer beginning "Multiple" (an email
 * shared by several accounts) asks "Enter your customer ID" instead. Password reset failures show the
 * server's message.
 */
export function ForgottenPasswordDialogs({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>('request');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useForgottenPassword();
  const current: Step = open ? step : 'closed';

  const close = () => {
    setStep('request');
    setValue('');
    setError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(
        step === 'customer-id' ? 'Enter your customer ID.' : 'Enter your email address or customer ID.',
      );
      return;
    }
    setError(undefined);
    request.mutate(value.trim(), {
      onSuccess: (message) => {
        if (message.startsWith('Multiple')) {
          setValue('');
          setStep('customer-id');
        } else setStep('sent');
      },
      onError: (failure) =>
        setError(failure instanceof ApiError ? failure.message : 'Something went wrong, please try again.'),
    });
  };

  // The message is announced and focused in an error summary linking to the field (WCAG 3.3.1).
  const fieldId = `forgotten-password-${step}`;
  const form = (label: string, intro: string) => (
    <form className="form" noValidate onSubmit={submit}>
      <ErrorSummary errors={error ? [{ fieldId, message: error }] : []} />
      <p>{intro}</p>
      <TextField
        id={fieldId}
        label={label}
        name="emailOrReference"
        autoComplete="username"
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="form__actions">
        <Button type="submit" variant="primary" size="lg" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send reset link'}
        </Button>
        <Button variant="link" onClick={close}>
          Back to login
        </Button>
      </div>
    </form>
  );

  return (
    <>
      <Modal open={current === 'request'} title="Forgotten your password?" onClose={close}>
        {form(
          'Email address or customer ID',
          "Enter your email address or customer ID and we'll email you a link to reset your password.",
        )}
      </Modal>
      <Modal open={current === 'customer-id'} title="Enter your customer ID" onClose={close}>
        {form(
          'Customer ID',
          'Your email address is linked to more than one account. Enter the customer ID of the account to reset.',
        )}
      </Modal>
      <Modal open={current === 'sent'} title="Check your email" onClose={close}>
        <p>If we find an account with those details, we have sent reset instructions to its email address.</p>
        <p>The link works once and expires in 60 minutes.</p>
        <Button variant="primary" size="lg" onClick={close}>
          Back to login
        </Button>
      </Modal>
    </>
  );
}
