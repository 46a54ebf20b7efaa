// Registration's public surface: the page, and the form the joining journey embeds.
export { RegisterPage } from './register-page.tsx';
export { RegistrationForm } from './registration-form.tsx';
