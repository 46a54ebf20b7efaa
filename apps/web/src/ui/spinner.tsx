/**
 * A loading indicator with an accessible name; `fullPage` centres it in the viewport. Drawn in SVG
 * (a contentful paint) and repeated by hand in each site's index.html, so the page paints its
 * spinner before the JavaScript arrives and React's first render replaces it with the same picture.
 */
export function Spinner({ label = 'Loading', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'spinner spinner--full-page' : 'spinner'} role="status">
      <svg className="spinner__circle" viewBox="0 0 40 40" aria-hidden="true">
        <circle className="spinner__track" cx="20" cy="20" r="18" />
        <circle className="spinner__arc" cx="20" cy="20" r="18" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
