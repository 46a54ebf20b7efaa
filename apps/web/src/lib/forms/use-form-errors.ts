import { useState } from 'react';
import { ApiError } from '../api/api-client.ts';
import { reloadAndTryAgain } from '../api/generic-error.ts';
import { requestWords } from '../api/words.ts';

/** Field errors of a form, filled from client checks or a server 422 (other failures land on `form`). */
export function useFormErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fromServer = (error: unknown, known: string[]) => {
    const messages = error instanceof ApiError ? error.validationMessages : null;
    if (!messages) {
      setErrors({
        form:
          error instanceof ApiError
            ? error.status === 419
              ? reloadAndTryAgain()
              : error.message
            : requestWords('somethingWentWrong'),
      });
      return;
    }
    const mapped: Record<string, string> = {};
    for (const [name, list] of Object.entries(messages))
      mapped[known.includes(name) ? name : 'form'] = list.join(' ');
    setErrors(mapped);
  };
  return { errors, setErrors, fromServer };
}
