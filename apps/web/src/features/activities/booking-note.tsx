import { bookingNoteMaxLength, bookingNoteSchema } from '@lido/contracts/activities';
import { useRef, useState } from 'react';
import { TextField } from '../../ui/form-fields.tsx';
import { activitiesWords } from './words.ts';

/** What is wrong with a note for the instructor, in the server's words (decision 0101); blank is fine. */
export function noteProblem(note: string): string | undefined {
  const checked = bookingNoteSchema.safeParse(note);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/**
 * The booking form's optional note for the instructor (issue 35 item 4, decision 0101): its field,
 * and the check made before the add is sent, which says what is wrong at the field and focuses it.
 */
export function useBookingNote() {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const ref = useRef<HTMLInputElement>(null);
  return {
    note,
    /** true when the note can be sent; else its error is shown and the field has focus */
    check: () => {
      const problem = noteProblem(note);
      setError(problem);
      if (problem) ref.current?.focus();
      return problem === undefined;
    },
    /** after an add: the field emptied for the next booking, then `then` */
    clearedThen: (then: () => void) => () => {
      setNote('');
      then();
    },
    field: (
      <TextField
        ref={ref}
        id="booking-note"
        label={activitiesWords('noteLabel')}
        hint={activitiesWords('noteHint', { max: bookingNoteMaxLength })}
        error={error}
        value={note}
        maxLength={bookingNoteMaxLength}
        autoComplete="off"
        onChange={(event) => setNote(event.target.value)}
      />
    ),
  };
}
