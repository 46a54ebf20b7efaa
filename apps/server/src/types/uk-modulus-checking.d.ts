// The package ships no types; this is the one call we use.
declare module 'uk-modulus-checking' {
  export default class UkModulusChecking {
    constructor(input: { accountNumber: string; sortCode: string });
    isValid(): boolean;
  }
}
