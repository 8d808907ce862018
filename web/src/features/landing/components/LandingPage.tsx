import { catalogueCategories, editorCategories } from '@shop/domain';
import { Link } from 'react-router-dom';
import { to } from '../../../lib/paths';
import { typePicture } from '../../../lib/pictures';

/** What a storefront card opens: the editor (guest route, SPEC §2) with the card's type started. */
const startDesigning = (type: string) => `${to.projectEdit('guest')}?type=${encodeURIComponent(type)}`;

/** Type blurbs for the cards; the catalogue has descriptions per style, not per type. */
const blurbs: Record<string, string> = {
  P: 'Throw and lumbar pillows, knife-edge, boxed, flanged or round.',
  C: 'Seat and back cushions cut to your chairs and window seats.',
  B: 'Bench seats and backs for banquettes you already have.',
  CR: 'Pinch pleat, rod pocket, ripplefold and shower curtains.',
  O: 'Square and round ottomans, upholstered in your fabric.',
  H: 'Panel, channel and wingback headboards for any bed size.',
  BQ: 'Straight and corner banquettes built to your room.',
  R: 'Bring a chair or sofa back to life with new fabric.',
  X: 'Something else? Describe it and we will price it.',
};

const steps: Array<[string, string]> = [
  ['Design', 'Pick a product, its style, size and fabric in the editor; the price updates as you go.'],
  ['Quote', 'Submit the project: we review it and send a quote with every cost laid out.'],
  ['Checkout', 'Pay online, in full or a deposit, and the project goes into our workroom queue.'],
  ['Production', 'We cut and sew each piece to order and tell you when your fabric arrives.'],
  ['Shipment', 'Your pieces ship to you, and you follow every step from your project page.'],
];

/** The storefront: what the shop makes, one card per product type of each category, and how it works. */
export function LandingPage() {
  const categories = editorCategories(catalogueCategories);
  return (
    <div className="storefront">
      <section className="hero">
        <h1>Made-to-order soft furnishings</h1>
        <p>
          Pillows, cushions, curtains, ottomans, headboards, banquettes and custom pieces, sewn to your sizes in the fabric you choose. Design a piece,
          get a quote, and follow it through production to your door.
        </p>
        <Link className="button" to={to.projectEdit('guest')}>
          Start a project
        </Link>
      </section>

      <section aria-labelledby="range-heading">
        <h2 id="range-heading">What we make</h2>
        {categories.map((category) => (
          <div key={category.name} className="category">
            <h3>{category.display_name}</h3>
            <ul className="product-cards">
              {[...category.product_types]
                .sort((a, b) => a.priority - b.priority)
                .map((type) => (
                  <li key={type.name} className="product-card">
                    <img src={typePicture(type.name)} alt="" width={240} height={180} loading="lazy" decoding="async" />
                    <h4>{type.display_name}</h4>
                    <p>{blurbs[type.name]}</p>
                    <Link className="button" to={startDesigning(type.name)} aria-label={`Start designing: ${type.display_name}`}>
                      Start designing
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby="how-heading">
        <h2 id="how-heading">How it works</h2>
        <ol className="how-it-works">
          {steps.map(([title, text]) => (
            <li key={title}>
              <strong>{title}</strong>
              <span>{text}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
