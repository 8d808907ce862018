/**
 * A clearly labelled placeholder for a screen that is not built yet. It does not pretend to work:
 * it names the screen that will be here and says it is not available.
 */
export function Placeholder({ screen, detail }: { screen: string; detail?: string }) {
  return (
    <section className="placeholder">
      <h1>{screen}</h1>
      <p role="status">
        <strong>Not built yet.</strong> The {screen.toLowerCase()} screen will be added in a coming release.
      </p>
      {detail && <p>{detail}</p>}
    </section>
  );
}
