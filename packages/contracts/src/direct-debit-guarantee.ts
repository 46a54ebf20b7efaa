/**
 * The Direct Debit Guarantee: the Bacs scheme's approved wording, unaltered (payments-reference.md
 * §3.4: one constant, never paraphrased; decision 0087). Only the two blanks the scheme leaves are
 * filled: the name the payer sees on their statement (the operator's Service User name) and the
 * advance notice, which is 3 working days through our provider. Shown where bank details are
 * taken and in the order's confirmation email.
 */

export const directDebitGuaranteeTitle = 'The Direct Debit Guarantee';

/** Working days of advance notice before each collection (the provider's, see the advance notice email). */
export const advanceNoticeWorkingDays = 3;

export interface GuaranteePoint {
  text: string;
  /** a point the scheme sets under this one */
  sub?: string;
}

/** The Guarantee's points, in the scheme's order, for `name` (the operator's Service User name). */
export function directDebitGuarantee(name: string): GuaranteePoint[] {
  return [
    {
      text: 'This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits',
    },
    {
      text: `If there are any changes to the amount, date or frequency of your Direct Debit ${name} will notify you ${advanceNoticeWorkingDays} working days in advance of your account being debited or as otherwise agreed. If you request ${name} to collect a payment, confirmation of the amount and date will be given to you at the time of the request`,
    },
    {
      text: `If an error is made in the payment of your Direct Debit, by ${name} or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society`,
      sub: `If you receive a refund you are not entitled to, you must pay it back when ${name} asks you to`,
    },
    {
      text: 'You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify us.',
    },
  ];
}

/** The Guarantee as plain text lines (an email's text part): the title, then each point as a bullet. */
export function directDebitGuaranteeText(name: string): string {
  return [
    directDebitGuaranteeTitle,
    ...directDebitGuarantee(name).flatMap((point) => [
      `- ${point.text}`,
      ...(point.sub ? [`  - ${point.sub}`] : []),
    ]),
  ].join('\n');
}
