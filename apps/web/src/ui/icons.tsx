/** Decorative icons: always hidden from assistive technology; the control around them is labelled. */
const base = { 'aria-hidden': true, focusable: false, width: 24, height: 24, viewBox: '0 0 24 24' } as const;

export function CloseIcon() {
  return (
    <svg {...base}>
      <path
        d="M6 6l12 12M18 6L6 18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...base}>
      <path
        d="M4 7h16M4 12h16M4 17h16"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

export function BasketIcon() {
  return (
    <svg {...base}>
      <path
        d="M5 9h14l-1.5 10h-11L5 9zm3 0l4-5 4 5"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}

export function HomeIcon() {
  return (
    <svg {...base}>
      <path
        d="M4 11l8-7 8 7v9h-5v-6H9v6H4v-9z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg {...base} width={16} height={16}>
      <path d="M9 6l6 6-6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function WarningIcon() {
  return (
    <svg {...base}>
      <path d="M12 3l10 18H2L12 3z" fill="currentColor" />
      <path d="M12 10v5M12 17.5v.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
