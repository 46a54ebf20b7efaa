import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/form-fields.tsx';
import { joiningStore } from './joining-store.ts';
import { useValidatePromotion } from './validate-promotion.ts';
import { joiningWords } from './words.ts';

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
        onError: () => setError(joiningWords('codeNotRecognised')),
      },
    );
  };

  if (!open)
    return (
      <Button variant="link" size="md" onClick={() => setOpen(true)} aria-expanded={false}>
        {joiningWords('haveAPromoCode')}
      </Button>
    );
  return (
    <form className="promo-code" noValidate onSubmit={apply}>
      <TextField
        id="promo-code"
        label={joiningWords('promoCode')}
        value={applied?.code ?? code}
        disabled={applied !== null}
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(event) => setCode(event.target.value)}
        hint={
          applied ? (
            <span role="status">{joiningWords('codeApplied', { code: applied.code })}</span>
          ) : undefined
        }
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
          {joiningWords('remove')}
          <span className="visually-hidden"> {joiningWords('promoCodeHidden')}</span>
        </Button>
      ) : (
        <Button type="submit" variant="secondary" size="md" disabled={validate.isPending}>
          {joiningWords('apply')}
          <span className="visually-hidden"> {joiningWords('promoCodeHidden')}</span>
        </Button>
      )}
    </form>
  );
}
