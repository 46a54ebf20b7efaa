// The auth feature's public surface: what sites and other features may import from it.
export { LoginDialog } from './login-dialog.tsx';
export { LoginPage } from './login-page.tsx';
export { passwordGuidance } from './password-guidance.ts';
export { RequireLogin } from './require-login.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
