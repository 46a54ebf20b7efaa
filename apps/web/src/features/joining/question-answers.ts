import { todayIn } from '@lido/pricing/calendar-date';
import { dateFromParts } from '@lido/contracts/date-input';
import type { Question } from './get-questions.ts';
import type { AnswerValue } from './joining-store.ts';

/** "27/03/2024" (or 27-3-2024) as YYYY-MM-DD, or null when it is not a real date. */
export function parseUkDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  return match ? dateFromParts(match[1]!, match[2]!, match[3]!) : null;
}

/** YYYY-MM-DD as "27/03/2024", for the date field. */
export function ukDateText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** A question's default as its form value: multi-select defaults are JSON lists, dates stay text. */
export function defaultAnswer(question: Question): AnswerValue {
  const raw = question.default;
  if (raw === null || raw === '')
    return question.type === 'multi_select' ? [] : question.type === 'checkbox' ? false : '';
  if (question.type === 'multi_select') {
    try {
      const list: unknown = JSON.parse(raw);
      return Array.isArray(list) ? list.map(String) : [raw];
    } catch {
      return [raw];
    }
  }
  if (question.type === 'checkbox') return raw === 'true';
  if (question.type === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? ukDateText(raw) : raw;
  return raw;
}

const isEmpty = (value: AnswerValue | undefined) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Joining spec section 5: "{label} is required." for an empty required answer, "Date must be
 * valid." for a date that is not one, or is after today (date pickers cap at today).
 */
export function validateQuestionAnswers(
  questions: Question[],
  answers: Record<string, AnswerValue>,
  today: string = todayIn('Europe/London', new Date()),
): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const question of questions) {
    const value = answers[question.id];
    // An unticked required checkbox is no answer.
    const empty = isEmpty(value) || (question.type === 'checkbox' && value !== true);
    if (empty) {
      if (question.isRequired) errors[question.id] = `${question.label} is required.`;
    } else if (question.type === 'date' && !((parseUkDate(String(value)) ?? '9999') <= today)) {
      errors[question.id] = 'Date must be valid.';
    } else if (question.type === 'number' && !/^-?\d+(\.\d+)?$/.test(String(value).trim())) {
      errors[question.id] = `${question.label} must be a number.`;
    }
  }
  return errors;
}

/** The answers as the answers call takes them: dates as YYYY-MM-DD, numbers as numbers, empties left out. */
export function answersToSend(
  questions: Question[],
  answers: Record<string, AnswerValue>,
): { questionId: number; answer: AnswerValue }[] {
  return questions.flatMap((question) => {
    const value = answers[question.id];
    if (isEmpty(value)) return [];
    if (question.type === 'date') return [{ questionId: question.id, answer: parseUkDate(String(value)) }];
    if (question.type === 'number') return [{ questionId: question.id, answer: Number(value) }];
    return [{ questionId: question.id, answer: value ?? null }];
  });
}
