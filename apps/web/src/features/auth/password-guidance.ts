/** The joining spec's password guidance, shown as the hint wherever a new password is chosen. */
export const passwordGuidance =
  'At least 8 characters, with 1 lowercase letter, 1 uppercase letter, 1 number and 1 special character.';
