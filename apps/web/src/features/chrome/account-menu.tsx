import { useEffect, useId, useRef, useState } from 'react';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { mobileAccountNavItems } from './account-nav.tsx';
import { LogOutButton } from './log-out-button.tsx';
import { chromeWords } from './words.ts';

/** The "Account" dropdown of the narrow header: the mobile account menu plus Log out. */
export function AccountMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // Escape closes the menu and gives focus back to its button (WCAG 2.4.3), not to <body>.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);
  return (
    <div className="account-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="header-link account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {chromeWords('accountMenu')}
      </button>
      {open && (
        <ul className="account-menu__list" id={menuId}>
          {mobileAccountNavItems().map((item) => (
            <li key={item.path}>
              <SiteLink site="my-account" to={item.path} onClick={() => setOpen(false)}>
                {item.label}
              </SiteLink>
            </li>
          ))}
          <li>
            <LogOutButton onDone={() => setOpen(false)} />
          </li>
        </ul>
      )}
    </div>
  );
}
