import { invalidDateMessage } from '@lido/contracts/date-input';
import { isAcceptedDate } from '@lido/contracts/limits';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../http/errors.ts';
import type { QuestionRow } from './memberships.repository.ts';
import { upsertAnswers } from './question-answers.repository.ts';

export type AnswerValue = string | number | boolean | string[] | null;

function isEmpty(value: AnswerValue | undefined): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Checks answers against their questions in the joining spec's words: "{label} is required.",
 * "Date must be valid." (naming the question and the format); a choice must be one of the options.
 * Errors are keyed `answers.{questionId}`.
 */
export function checkAnswers(
  questions: QuestionRow[],
  answers: { questionId: number; answer: AnswerValue }[],
): Map<number, AnswerValue> {
  const errors: Record<string, string[]> = {};
  const byId = new Map<number, AnswerValue>();
  for (const { questionId, answer } of answers) {
    if (!questions.some((question) => question.id === questionId))
      errors[`answers.${questionId}`] = ['This question does not belong to the membership.'];
    else byId.set(questionId, answer);
  }
  for (const question of questions) {
    const value = byId.get(question.id);
    const key = `answers.${question.id}`;
    if (isEmpty(value)) {
      if (question.isRequired) errors[key] = [`${question.label} is required.`];
      continue;
    }
    const options = Object.keys(question.options ?? {});
    const problem =
      question.type === 'date' && !(typeof value === 'string' && isAcceptedDate(value))
        ? invalidDateMessage(question.label)
        : question.type === 'number' &&
            !(typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)))
          ? `${question.label} must be a number.`
          : question.type === 'checkbox' && typeof value !== 'boolean'
            ? `${question.label} must be ticked or not.`
            : question.type === 'select' && !(typeof value === 'string' && options.includes(value))
              ? `${question.label} must be one of the choices.`
              : question.type === 'multi_select' &&
                  !(Array.isArray(value) && value.every((item) => options.includes(item)))
                ? `${question.label} must be chosen from the choices.`
                : question.type === 'text' && typeof value === 'string' && value.length > 1000
                  ? `${question.label} must be at most 1000 characters.`
                  : null;
    if (problem) errors[key] = [problem];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return byId;
}

/** Stores the answers in one statement per answer inside one transaction; a later answer replaces an earlier one. */
export async function saveAnswers(
  db: Db,
  customerId: number,
  membershipTypeId: number,
  answers: Map<number, AnswerValue>,
): Promise<void> {
  const stored = [...answers].filter(
    (entry): entry is [number, NonNullable<AnswerValue>] => !isEmpty(entry[1]),
  );
  await upsertAnswers(db, { customerId, membershipTypeId, answers: stored });
}
