export function AccessDenied() {
  return (
    <section>
      <h1>Access denied</h1>
      <p role="alert">You do not have access to this page.</p>
    </section>
  );
}
