export function LandingPage() {
  return (
    <section>
      <h1>Made-to-order soft furnishings</h1>
      <p>Design pillows, cushions, banquettes, curtains, ottomans, headboards and custom pieces, get a quote, and follow your project through production and shipment.</p>
    </section>
  );
}
