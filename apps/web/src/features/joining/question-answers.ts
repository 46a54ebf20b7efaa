import { todayIn } from '@lido/pricing/calendar-date';
import {
  type DateParts,
  dateFromParts,
  datePartsProblem,
  invalidDateMessage,
  partsFromDate,
  pastDateMessage,
} from '@lido/contracts/date-input';
import type { Question } from './get-questions.ts';
import type { AnswerValue } from './joining-store.ts';
import { joiningWords } from './words.ts';

/**
 * A date question's answer is its three fields, [day, month, year] (GOV.UK's date input, decision
 * 0083). An answer kept as text by an earlier version ("27/03/2024" or YYYY-MM-DD) reads as its parts.
 */
export function dateAnswerParts(value: AnswerValue | undefined): DateParts {
  if (Array.isArray(value)) return { day: value[0] ?? '', month: value[1] ?? '', year: value[2] ?? '' };
  const text = typeof value === 'string' ? value : '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return partsFromDate(text);
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  return match ? { day: match[1]!, month: match[2]!, year: match[3]! } : { day: '', month: '', year: '' };
}

/** The three fields as the answer kept for a date question. */
export const dateAnswer = (parts: DateParts): string[] => [parts.day, parts.month, parts.year];

const dateOf = (value: AnswerValue | undefined) => {
  const parts = dateAnswerParts(value);
  return dateFromParts(parts.day, parts.month, parts.year);
};

/** A question's default as its form value: multi-select defaults are JSON lists, dates their three fields. */
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
  if (question.type === 'date') return dateAnswer(partsFromDate(raw));
  return raw;
}

const isEmpty = (value: AnswerValue | undefined) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.every((item) => item.trim() === ''));

/**
 * Joining spec section 5: "{label} is required." for an empty required answer, "Date must be
 * valid." (naming the question and the format) for a date that is not one, a part left out named,
 * and a date after today refused as one (date pickers cap at today).
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
      if (question.isRequired)
        errors[question.id] = joiningWords('questionRequired', { label: question.label });
    } else if (question.type === 'date') {
      const date = dateOf(value);
      const problem = datePartsProblem(question.label, dateAnswerParts(value));
      if (problem || !date) errors[question.id] = problem ?? invalidDateMessage(question.label);
      else if (date > today) errors[question.id] = pastDateMessage(question.label);
    } else if (question.type === 'number' && !/^-?\d+(\.\d+)?$/.test(String(value).trim())) {
      errors[question.id] = joiningWords('questionNotANumber', { label: question.label });
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
    if (question.type === 'date') return [{ questionId: question.id, answer: dateOf(value) }];
    if (question.type === 'number') return [{ questionId: question.id, answer: Number(value) }];
    return [{ questionId: question.id, answer: value ?? null }];
  });
}
