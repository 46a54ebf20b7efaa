import { authWords } from './words.ts';

/** The joining spec's password guidance, shown as the hint wherever a new password is chosen. */
export const passwordGuidance = (): string => authWords('passwordGuidance');
