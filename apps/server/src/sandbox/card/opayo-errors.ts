/** Opayo Pi's API error codes with their HTTP status and description (payments-reference.md §1.8). */
const opayoErrors = {
  1000: [400, 'Incorrect request format'],
  1001: [401, 'Authentication values are missing'],
  1002: [401, 'Authentication failed'],
  1003: [422, 'Missing mandatory field'],
  1004: [422, 'Invalid length'],
  1005: [422, 'Contains invalid characters'],
  1006: [404, 'Merchant Session Keys not found'],
  1007: [422, 'The card number has failed our validity checks and is invalid'],
  1008: [422, 'The card is not supported'],
  1009: [422, 'Contains invalid value'],
  1010: [422, 'Currency does not exist'],
  1011: [422, 'Merchant Session Keys or card identifier invalid'],
  1012: [404, 'Transaction not found'],
  1013: [403, 'Transaction type not supported'],
  1014: [403, 'Transaction status not applicable'],
  1015: [422, 'The request entity was empty'],
  1016: [422, 'This parameter requires an integer'],
  1017: [403, 'Operation not allowed for this transaction'],
  1018: [403, 'This refund amount will exceed the amount of the original transaction'],
  1019: [404, 'Transaction instructions not found'],
  1020: [422, 'Unable to save a card identifier that is already reusable'],
  1021: [403, 'This release amount will exceed the amount of the original transaction'],
  9998: [408, 'Request timeout'],
  9999: [500, 'An internal error occurred at Opayo'],
} as const satisfies Record<number, readonly [number, string]>;

export type OpayoErrorCode = keyof typeof opayoErrors;

export function isOpayoErrorCode(code: number): code is OpayoErrorCode {
  return code in opayoErrors;
}

/** An Opayo API error, thrown inside the sandbox and turned into its JSON envelope by the error handler. */
export class OpayoError extends Error {
  constructor(
    readonly code: OpayoErrorCode,
    readonly property?: string,
    readonly clientMessage?: string,
  ) {
    super(opayoErrors[code][1]);
  }

  get httpStatus(): number {
    return opayoErrors[this.code][0];
  }

  /** 422s use the `errors[]` envelope with the property and a message fit for the cardholder. */
  body(): unknown {
    const error = {
      code: String(this.code),
      description: this.message,
      ...(this.property ? { property: this.property } : {}),
      ...(this.clientMessage ? { clientMessage: this.clientMessage } : {}),
    };
    return this.httpStatus === 422 ? { errors: [error] } : error;
  }
}
