import { appWords } from '../words.ts';

/** Shown when the theme call answers 503 (planned maintenance). */
export function MaintenanceScreen() {
  return (
    <main className="full-page-state" id="main-content">
      <h1>{appWords('maintenanceTitle')}</h1>
      <p>{appWords('maintenanceText')}</p>
    </main>
  );
}
