// The auth feature's public surface: what sites and other features may import from it.
export { CredentialsForm } from './credentials-form.tsx';
export { LoginDialog } from './lazy-login-dialog.tsx';
export { passwordGuidance } from './password-guidance.ts';
export { RequireLogin } from './require-login.tsx';
// The login and reset-password pages are not listed: sites load them with import() (decision 0024).
