// Registration's public surface: the form the joining journey embeds. Sites load the page
// (register-page.tsx) with import(), so it keeps its own chunk (decision 0024).
export { type DeskRegistration, RegistrationForm } from './registration-form.tsx';
