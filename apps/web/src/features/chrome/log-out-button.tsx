import { useNavigate } from '../../router/index.ts';
import { useLogout } from '../../app/session/login.ts';
import { chromeWords } from './words.ts';

/**
 * Logs out (the server revokes the session and clears the cookie), then goes home. The navigation
 * follows the call itself, not this button, which disappears with the session.
 */
export function LogOutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className ?? 'button button--link button--md'}
      aria-disabled={logout.isPending || undefined}
      onClick={async () => {
        if (logout.isPending) return;
        await logout.mutateAsync().catch(() => undefined);
        onDone?.();
        await navigate('/');
      }}
    >
      {chromeWords('logOut')}
    </button>
  );
}
