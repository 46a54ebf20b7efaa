import { useState } from 'react';

/**
 * Calls `reset` (which sets the form's own state) while rendering, whenever `signature` changes:
 * a form shows newly saved or applied values without being remounted by `key`, which replaced the
 * focused button and dropped focus to the page (issue 34 item 1).
 */
export function useResetOn(signature: string, reset: () => void): void {
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    setSeen(signature);
    reset();
  }
}
