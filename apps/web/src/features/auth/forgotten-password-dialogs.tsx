import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { TextField } from '../../ui/form-fields.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useForgottenPassword } from './forgotten-password.ts';
import { authWords } from './words.ts';

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
      setError(step === 'customer-id' ? authWords('enterCustomerId') : authWords('enterEmailOrCustomerId'));
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
        setError(failure instanceof ApiError ? failure.message : authWords('somethingWentWrong')),
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
          {request.isPending ? authWords('sending') : authWords('sendResetLink')}
        </Button>
        <Button variant="link" onClick={close}>
          {authWords('backToLogin')}
        </Button>
      </div>
    </form>
  );

  return (
    <>
      <Modal open={current === 'request'} title={authWords('forgottenTitle')} onClose={close}>
        {form(authWords('emailOrCustomerId'), authWords('forgottenIntro'))}
      </Modal>
      <Modal open={current === 'customer-id'} title={authWords('customerIdTitle')} onClose={close}>
        {form(authWords('customerId'), authWords('customerIdIntro'))}
      </Modal>
      <Modal open={current === 'sent'} title={authWords('checkEmailTitle')} onClose={close}>
        <p>{authWords('checkEmailText')}</p>
        <p>{authWords('linkExpiry')}</p>
        <Button variant="primary" size="lg" onClick={close}>
          {authWords('backToLogin')}
        </Button>
      </Modal>
    </>
  );
}
