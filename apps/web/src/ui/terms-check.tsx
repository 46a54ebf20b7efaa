import { Button } from './button.tsx';
import { CheckboxField } from './form-fields.tsx';
import type { Terms } from './terms-dialog.tsx';
import { uiWords } from './words.ts';

/**
 * One set of terms to agree to: a checkbox that only ticks and unticks, and beside it a button that
 * opens the terms to read (where "I Agree" ticks the box too). Ticking a box once opened a dialog
 * instead, a change of context the customer did not ask for (WCAG 3.2.2; issue 34 item 5). The one
 * terms checkbox of joining and checkout; lint refuses a checkbox that announces a dialog.
 */
export function TermsCheck({
  id,
  terms,
  checked,
  onTick,
  onRead,
}: {
  id: string;
  terms: Terms;
  checked: boolean;
  onTick: (checked: boolean) => void;
  onRead: () => void;
}) {
  return (
    <div className="terms-check">
      <CheckboxField
        id={id}
        label={uiWords('termsAgree', { termsTitle: terms.title })}
        checked={checked}
        onChange={(event) => onTick(event.target.checked)}
      />
      <Button variant="link" size="sm" aria-haspopup="dialog" onClick={onRead}>
        {uiWords('termsRead', { termsTitle: terms.title })}
      </Button>
    </div>
  );
}
