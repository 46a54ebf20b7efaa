import { useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../ui/icons.tsx';
import { dismissToast, type Toast, useToasts } from './toast-store.ts';
import { appWords } from '../words.ts';

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.closeAfter);
  useEffect(() => {
    // 0 means the toast stays until closed; hovering or focusing pauses the countdown (WCAG 2.2.1).
    if (toast.closeAfter === 0 || paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [toast.id, toast.closeAfter, paused]);

  const messages = toast.validationMessages ? Object.values(toast.validationMessages).flat() : [];
  return (
    <li
      className={`toast toast--${toast.type}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__body">
        <p className="toast__content">{toast.content}</p>
        {messages.length > 0 && (
          <ul className="toast__messages">
            {messages.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        className="toast__close"
        onClick={() => dismissToast(toast.id)}
        aria-label={appWords('closeNotification')}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

/** Top-right notifications in a polite live region; danger toasts are announced assertively. */
export function Toaster() {
  const toasts = useToasts();
  const urgent = toasts.filter((toast) => toast.type === 'danger');
  const calm = toasts.filter((toast) => toast.type !== 'danger');
  return (
    <section className="toaster" aria-label={appWords('notifications')}>
      {/* The live regions wrap the lists, so the toasts keep their list semantics. */}
      <div role="status" aria-live="polite">
        <ol className="toaster__list">
          {calm.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
      </div>
      <div role="alert" aria-live="assertive">
        <ol className="toaster__list">
          {urgent.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
      </div>
    </section>
  );
}
