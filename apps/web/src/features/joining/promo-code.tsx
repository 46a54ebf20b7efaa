import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/form-fields.tsx';
import { joiningStore } from './joining-store.ts';
import { useValidatePromotion } from './validate-promotion.ts';

export const codeNotRecognised = 'Code not recognised';

/** Promo code: closed, open with its input, or applied (input disabled, Remove enabled). */
export function PromoCode({
  paymentOptionId,
  applied,
}: {
  paymentOptionId: number;
  applied: { id: number; code: string } | null;
}) {
  const [open, setOpen] = useState(applied !== null);
  const [code, setCode] = useState(applied?.code ?? '');
  const [error, setError] = useState<string | undefined>();
  const validate = useValidatePromotion();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return; // an empty code is not sent
    setError(undefined);
    validate.mutate(
      { code: trimmed, paymentOptionId },
      {
        onSuccess: (promotion) => joiningStore.update({ promotion }),
        onError: () => setError(codeNotRecognised),
      },
    );
  };

  if (!open)
    return (
      <Button variant="link" size="md" onClick={() => setOpen(true)} aria-expanded={false}>
        I have a promo code
      </Button>
    );
  return (
    <form className="promo-code" noValidate onSubmit={apply}>
      <TextField
        id="promo-code"
        label="Promo code"
        value={applied?.code ?? code}
        disabled={applied !== null}
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(event) => setCode(event.target.value)}
        hint={applied ? <span role="status">Code {applied.code} applied</span> : undefined}
      />
      {applied ? (
        <Button
          variant="secondary"
          size="md"
          onClick={() => {
            joiningStore.update({ promotion: null });
            setCode('');
          }}
        >
          Remove<span className="visually-hidden"> promo code</span>
        </Button>
      ) : (
        <Button type="submit" variant="secondary" size="md" disabled={validate.isPending}>
          Apply<span className="visually-hidden"> promo code</span>
        </Button>
      )}
    </form>
  );
}
