import { TextField } from '../../../ui/form-fields.tsx';

/** The day a list is for: a native date input, so it is keyboard operable and announced. */
export function DayPicker({ date, onChange }: { date: string; onChange: (date: string) => void }) {
  return (
    <TextField
      id="till-day"
      type="date"
      label="Day"
      value={date}
      onChange={(event) => {
        if (event.target.value !== '') onChange(event.target.value);
      }}
    />
  );
}
