import { dateFromParts, datePartsProblem, invalidDateMessage } from '@lido/contracts/date-input';
import { invalidPostcodeMessage, ukPostcodePattern } from '@lido/contracts/uk-postcode';
import type { DataField } from '@lido/contracts/data-fields';

export type Answers = Record<string, string>;

const datePartsOf = (field: DataField, answers: Answers) => ({
  day: answers[`${field.name}.day`] ?? '',
  month: answers[`${field.name}.month`] ?? '',
  year: answers[`${field.name}.year`] ?? '',
});

/** Date fields are three inputs: `${name}.day`, `${name}.month`, `${name}.year`. */
export function answerFor(field: DataField, answers: Answers): string {
  if (field.type === 'date') {
    const parts = datePartsOf(field, answers);
    return dateFromParts(parts.day, parts.month, parts.year) ?? '';
  }
  return (answers[field.name] ?? '').trim();
}

const passwordRules: [RegExp, string][] = [
  [/^.{8,}$/su, 'The password must be at least 8 characters.'],
  [/\p{Ll}/u, 'The password must contain at least one lowercase letter.'],
  [/\p{Lu}/u, 'The password must contain at least one uppercase letter.'],
  [/\p{Nd}/u, 'The password must contain at least one number.'],
  [/[^\p{L}\p{Nd}\s]/u, 'The password must contain at least one special character.'],
];

/** Checks on submit, in the spec's words ("{label} is required."; "Date must be valid." naming the date). */
export function validateAnswers(fields: DataField[], answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = answerFor(field, answers);
    const typed =
      field.type === 'date'
        ? ['day', 'month', 'year'].some((part) => (answers[`${field.name}.${part}`] ?? '').trim())
        : value !== '';
    if (field.isRequired && !typed) {
      errors[field.name] = `${field.label.replace(/ \(optional\)$/, '')} is required.`;
      continue;
    }
    if (!typed) continue;
    if (field.type === 'date' && !value)
      errors[field.name] =
        datePartsProblem(field.label, datePartsOf(field, answers)) ?? invalidDateMessage(field.label);
    else if (field.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      errors[field.name] = 'Enter an email address in the correct format, like name@example.com.';
    } else if (field.name === 'postcode' && !ukPostcodePattern.test(value))
      errors[field.name] = invalidPostcodeMessage;
    else if (field.name === 'password') {
      const failed = passwordRules.find(([rule]) => !rule.test(answers[field.name] ?? ''));
      if (failed) errors[field.name] = failed[1];
    } else if (field.name === 'passwordConfirmation' && answers.passwordConfirmation !== answers.password) {
      errors[field.name] = 'The password confirmation does not match.';
    }
  }
  return errors;
}
