import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { CheckboxField, TextField } from '../../ui/form-fields.tsx';
import type { Question, QuestionGroup } from './get-questions.ts';
import { type AnswerValue, joiningStore } from './joining-store.ts';
import { dateAnswer, dateAnswerParts, validateQuestionAnswers } from './question-answers.ts';
import { setSectionProblems } from './section-problems.ts';
import { joiningWords } from './words.ts';

const fieldId = (question: Question) => `question-${question.id}`;

function QuestionInput({
  question,
  value,
  error,
  onChange,
}: {
  question: Question;
  value: AnswerValue | undefined;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
}) {
  const id = fieldId(question);
  const label = question.isRequired ? question.label : joiningWords('optional', { label: question.label });
  const options = Object.entries(question.options ?? {});
  if (question.type === 'checkbox')
    return (
      <CheckboxField
        id={id}
        label={label}
        checked={value === true}
        error={error}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  if (question.type === 'select')
    return (
      <div className={`field${error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {error && (
          <p className="field__error" id={`${id}-error`}>
            <span className="visually-hidden">{joiningWords('errorPrefix')}</span> {error}
          </p>
        )}
        <select
          id={id}
          className="field__input"
          value={typeof value === 'string' ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{question.placeholder ?? joiningWords('chooseOne')}</option>
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      </div>
    );
  if (question.type === 'multi_select') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset
        className={`field form-section${error ? ' field--error' : ''}`}
        id={id}
        tabIndex={-1}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <legend className="field__label">{label}</legend>
        {error && (
          <p className="field__error" id={`${id}-error`}>
            <span className="visually-hidden">{joiningWords('errorPrefix')}</span> {error}
          </p>
        )}
        {options.map(([optionValue, optionLabel]) => (
          <CheckboxField
            key={optionValue}
            id={`${id}-${optionValue}`}
            label={optionLabel}
            checked={chosen.includes(optionValue)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, optionValue]
                  : chosen.filter((item) => item !== optionValue),
              )
            }
          />
        ))}
      </fieldset>
    );
  }
  if (question.type === 'date')
    return (
      <DateInput
        id={id}
        legend={label}
        error={error}
        value={dateAnswerParts(value)}
        onChange={(parts) => onChange(dateAnswer(parts))}
      />
    );
  return (
    <TextField
      id={id}
      label={label}
      error={error}
      inputMode={question.type === 'number' ? 'decimal' : undefined}
      placeholder={question.placeholder ?? undefined}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Additional details: the membership's questions, checked in the spec's words before moving on. */
export function QuestionsSection({
  groups,
  answers,
  onContinue,
}: {
  groups: QuestionGroup[];
  answers: Record<string, AnswerValue>;
  onContinue: () => void;
}) {
  const [errors, setErrors] = useState<Record<number, string>>({});
  const questions = groups.flatMap((group) => group.questions);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateQuestionAnswers(questions, answers);
    setErrors(found);
    setSectionProblems('additional', Object.keys(found).length > 0);
    if (Object.keys(found).length === 0) onContinue();
  };
  const setAnswer = (question: Question, value: AnswerValue) =>
    joiningStore.update({ answers: { ...joiningStore.get().answers, [question.id]: value } });
  return (
    <>
      <p>{joiningWords('questionsIntro')}</p>
      <ErrorSummary
        errors={questions
          .filter((question) => errors[question.id])
          .map((question) => ({
            fieldId: fieldId(question),
            message: errors[question.id]!,
          }))}
      />
      <form className="form" noValidate onSubmit={submit}>
        {groups.map((group) => (
          <fieldset key={group.id} className="form-section">
            <legend className="form-section__title">{group.title}</legend>
            {group.questions.map((question) => (
              <QuestionInput
                key={question.id}
                question={question}
                value={answers[question.id]}
                error={errors[question.id]}
                onChange={(value) => setAnswer(question, value)}
              />
            ))}
          </fieldset>
        ))}
        <div className="form__actions">
          <Button type="submit" variant="primary" size="lg">
            {joiningWords('saveAndContinue')}
          </Button>
        </div>
      </form>
    </>
  );
}
