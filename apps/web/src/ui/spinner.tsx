/** A loading indicator with an accessible name; `fullPage` centres it in the viewport. */
export function Spinner({ label = 'Loading', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'spinner spinner--full-page' : 'spinner'} role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
