/** Shown when the theme call answers 503 (planned maintenance). */
export function MaintenanceScreen() {
  return (
    <main className="full-page-state" id="main-content">
      <h1>Service disruption</h1>
      <p>Unable to access the site due to planned maintenance.</p>
    </main>
  );
}
