// The operator's data fields (platform spec): what registration and My details use.
export { DataFieldInput, DataFieldInputs } from './data-field-input.tsx';
export { dataFieldsQuery } from './get-data-fields.ts';
export { type Answers, answerFor, validateAnswers } from './validate-answers.ts';
