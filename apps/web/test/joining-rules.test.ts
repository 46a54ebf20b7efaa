import type { MembershipType } from '@lido/contracts/membership';
import { describe, expect, it } from 'vitest';
import { categoryChoices, filterMemberships } from '../src/features/joining/filter-memberships.ts';
import type { Question } from '../src/features/joining/get-questions.ts';
import {
  answersToSend,
  defaultAnswer,
  validateQuestionAnswers,
} from '../src/features/joining/question-answers.ts';
import { displayedSections, nextSection, sectionState } from '../src/features/joining/sections.ts';
import { isReadToEnd } from '../src/ui/terms-dialog.tsx';

describe('the joining sections', () => {
  const context = { hasQuestions: false, recurring: true, hasInstruction: false };

  it('numbers the displayed sections from 1, dropping those that do not apply', () => {
    expect(displayedSections(context).map((s) => `${s.number} ${s.title}`)).toEqual([
      '1 Choose your home centre',
      '2 Membership',
      '3 Your details',
      '4 Review & select dates',
      '5 Monthly payment',
      '6 Confirm your details',
      '7 Checkout',
    ]);
    expect(displayedSections({ ...context, hasQuestions: true })[3]?.title).toBe('Additional details');
    // A single payment, or a member who already pays by Direct Debit: no bank details, no confirmation.
    for (const other of [
      { ...context, recurring: false },
      { ...context, hasInstruction: true },
    ])
      expect(displayedSections(other).map((s) => s.key)).toEqual([
        'centre',
        'membership',
        'details',
        'dates',
        'checkout',
      ]);
  });

  it('continues to the next displayed section', () => {
    expect(nextSection('details', context)).toBe('dates');
    expect(nextSection('details', { ...context, hasQuestions: true })).toBe('additional');
    expect(nextSection('dates', { ...context, recurring: false })).toBe('checkout');
  });

  it('moves on from a section that has dropped out, never back to the start', () => {
    // Continue from Your details opened Additional details while the questions were loading;
    // the membership asks none, so the page goes on to the dates.
    expect(nextSection('additional', { ...context, hasQuestions: false })).toBe('dates');
    expect(nextSection('directDebit', { ...context, hasInstruction: true })).toBe('checkout');
  });

  it('opens one section, marks edited ones done and greys the rest', () => {
    expect(sectionState('dates', 'dates', ['centre'])).toBe('open');
    expect(sectionState('centre', 'dates', ['centre'])).toBe('done');
    expect(sectionState('confirmation', 'dates', ['centre'])).toBe('locked');
  });
});

const option = (paymentType: 'recurring' | 'fixed', canPurchase = true, hasPrices = true) => ({
  id: paymentType === 'recurring' ? 1 : 2,
  paymentType,
  fixedDuration: paymentType === 'fixed' ? 3 : null,
  fixedPeriod: paymentType === 'fixed' ? ('month' as const) : null,
  globalBasePrice: { raw: { amount: 3000, currency: 'GBP' }, decimal: '30.00', formatted: '£30.00' },
  fees: {
    baseFee: { raw: { amount: 3000, currency: 'GBP' }, decimal: '30.00', formatted: '£30.00' },
    joiningFee: { raw: { amount: 0, currency: 'GBP' }, decimal: '0.00', formatted: '£0.00' },
  },
  takesMonthInHand: false,
  isPurchasable: { canPurchase, hasPrices, message: canPurchase ? null : 'Members aged 11 to 17' },
  promotionEnabled: true,
});
const membership = (overrides: Partial<MembershipType>): MembershipType => ({
  id: 1,
  slug: 'gym',
  name: 'Gym',
  description: '',
  categories: [{ id: 1, name: 'Gym' }],
  coverage: 'venues',
  providesAccessTo: [{ id: 7, name: 'Castlefield' }],
  eligibility: null,
  benefits: [],
  paymentOptions: [option('recurring')],
  ...overrides,
});

describe('the membership list filter (platform spec section 5)', () => {
  const filter = {
    venueId: 7,
    paymentType: 'recurring' as const,
    category: null,
    showIneligible: false,
    loggedIn: false,
  };
  const shown = (types: MembershipType[], overrides = {}) =>
    filterMemberships(types, { ...filter, ...overrides }).map((type) => type.slug);

  it('hides nameless types, types without options or without the chosen payment type', () => {
    const types = [
      membership({ slug: 'ok' }),
      membership({ slug: 'nameless', name: '' }),
      membership({ slug: 'no-options', paymentOptions: [] }),
      membership({ slug: 'single-only', paymentOptions: [option('fixed')] }),
    ];
    expect(shown(types)).toEqual(['ok']);
    expect(shown(types, { paymentType: 'fixed' })).toEqual(['single-only']);
  });

  it('hides types that do not give access to the home centre, and other categories', () => {
    const types = [
      membership({ slug: 'here' }),
      membership({ slug: 'elsewhere', providesAccessTo: [{ id: 9, name: 'Digbeth' }] }),
      membership({ slug: 'national', coverage: 'national', providesAccessTo: [] }),
      membership({ slug: 'swim', categories: [{ id: 2, name: 'Swim' }] }),
    ];
    expect(shown(types)).toEqual(['here', 'national', 'swim']);
    expect(shown(types, { category: 'Swim' })).toEqual(['swim']);
    expect(categoryChoices(types)).toEqual(['Gym', 'Swim']);
  });

  it("hides a logged-in customer's ineligible types unless the switch shows them", () => {
    const types = [membership({ slug: 'junior', paymentOptions: [option('recurring', false, false)] })];
    expect(shown(types)).toEqual(['junior']); // guests see every price
    expect(shown(types, { loggedIn: true })).toEqual([]);
    expect(shown(types, { loggedIn: true, showIneligible: true })).toEqual(['junior']);
  });
});

describe('additional questions', () => {
  const question = (overrides: Partial<Question>): Question => ({
    id: 1,
    reference: 'q',
    label: 'Emergency contact name',
    type: 'text',
    placeholder: null,
    options: null,
    isRequired: true,
    default: null,
    ...overrides,
  });

  it('checks answers in the spec’s words', () => {
    const questions = [
      question({ id: 1 }),
      question({ id: 2, label: 'Last exercised', type: 'date', isRequired: false }),
      question({ id: 3, label: 'Induction', type: 'checkbox' }),
    ];
    // Date answers are the three fields of GOV.UK's date input; a message names the question and
    // the format, or the part left out (issue 34 items 4 and 5).
    expect(validateQuestionAnswers(questions, { 2: ['31', '2', '2024'], 3: false })).toEqual({
      1: 'Emergency contact name is required.',
      2: 'Date must be valid. Enter last exercised as a day, month and year, for example 27 3 2007.',
      3: 'Induction is required.',
    });
    expect(validateQuestionAnswers(questions, { 1: 'Sam', 2: ['27', '3', '2024'], 3: true })).toEqual({});
    expect(validateQuestionAnswers(questions, { 1: 'Sam', 2: ['27', '', '2024'], 3: true })).toEqual({
      2: 'Last exercised must include a month.',
    });
    // Left blank, an optional date is no answer.
    expect(validateQuestionAnswers(questions, { 1: 'Sam', 2: ['', '', ''], 3: true })).toEqual({});
    // Date answers are capped at today (issue 21 item 13): tomorrow is refused, today is not.
    const answered = { 1: 'Sam', 3: true };
    expect(
      validateQuestionAnswers(questions, { ...answered, 2: ['24', '11', '2026'] }, '2026-11-23'),
    ).toEqual({ 2: 'Last exercised must be today or in the past.' });
    expect(
      validateQuestionAnswers(questions, { ...answered, 2: ['23', '11', '2026'] }, '2026-11-23'),
    ).toEqual({});
  });

  it('pre-fills defaults: multi-select from a JSON list, checkboxes from true', () => {
    expect(defaultAnswer(question({ type: 'multi_select', default: '["classes","swimming"]' }))).toEqual([
      'classes',
      'swimming',
    ]);
    expect(defaultAnswer(question({ type: 'checkbox', default: 'true' }))).toBe(true);
    expect(defaultAnswer(question({ type: 'date', default: '2024-03-27' }))).toEqual(['27', '3', '2024']);
    expect(defaultAnswer(question({ type: 'number', default: '3' }))).toBe('3');
  });

  it('sends dates as YYYY-MM-DD and numbers as numbers, leaving out empty answers', () => {
    const questions = [
      question({ id: 1, type: 'date' }),
      question({ id: 2, type: 'number' }),
      question({ id: 3 }),
    ];
    expect(answersToSend(questions, { 1: ['7', 'mar', '2024'], 2: '3', 3: '' })).toEqual([
      { questionId: 1, answer: '2024-03-07' },
      { questionId: 2, answer: 3 },
    ]);
    // An answer kept as text by an earlier version still reads.
    expect(answersToSend(questions, { 1: '7/3/2024' })).toEqual([{ questionId: 1, answer: '2024-03-07' }]);
  });
});

describe('the terms dialog', () => {
  it('counts the terms as read within 10 px of the end, or when they fit', () => {
    expect(isReadToEnd({ scrollHeight: 1000, clientHeight: 400, scrollTop: 590 })).toBe(true);
    expect(isReadToEnd({ scrollHeight: 1000, clientHeight: 400, scrollTop: 589 })).toBe(false);
    expect(isReadToEnd({ scrollHeight: 300, clientHeight: 400, scrollTop: 0 })).toBe(true);
  });
});
