import { lazy, Suspense, useState } from 'react';

// The login form and its forgotten-password dialogs load the first time the dialog opens: every
// page's header offers it, few visitors use it, and it is not part of any first route's view.
const LoadedLoginDialog = lazy(async () => ({ default: (await import('./login-dialog.tsx')).LoginDialog }));

/** The header's and the session page's "Log in" dialog, loaded on first open. */
export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedLoginDialog open={open} onClose={onClose} />
    </Suspense>
  );
}
