import {
  fabricPricePerYard,
  isInsertOnlySku,
  OWN_SOURCE,
  quoteLineItem,
  roundUpToNext500,
  seedFabrics,
  seedProducts,
  type DeliveryType,
  type Fabric,
  type LineItem,
  type ProductTypeCode,
  type ProjectDraft,
  type ShippingNotes,
} from '@shop/domain';
import { itemMakers } from './items.js';
import type { DemoRandom } from './random.js';

const ROOMS = ['Living room', 'Bay window', 'Guest bedroom', 'Sunroom', 'Lobby', 'Patio', 'Dining nook', 'Library', 'Studio', 'Terrace'];
const NOUNS: Partial<Record<ProductTypeCode, string>> = { P: 'pillows', C: 'cushions', B: 'bench cushions', CR: 'curtains', O: 'ottoman', H: 'headboard', BQ: 'banquette', R: 'reupholstery', X: 'custom piece' };
const ADDRESSES = [
  { line1: '214 Court St', city: 'Brooklyn', state: 'NY', postal_code: '11201' },
  { line1: '88 Greenwich St', city: 'New York', state: 'NY', postal_code: '10006' },
  { line1: '31-10 Ditmars Blvd', city: 'Astoria', state: 'NY', postal_code: '11105' },
  { line1: '12 Maple Ave', city: 'Montclair', state: 'NJ', postal_code: '07042' },
  { line1: '450 Main St', city: 'Greenwich', state: 'CT', postal_code: '06830' },
  { line1: '7 Harbor Rd', city: 'Sag Harbor', state: 'NY', postal_code: '11963' },
];

/**
 * A project as a customer would draft it in the editor: one to three fabrics (the shop's, priced
 * per yard, or their own), the given product types spread over them, and where it should go.
 */
export function demoDraft(random: DemoRandom, types: readonly ProductTypeCode[], recipient: string): ProjectDraft {
  const fabricCount = Math.min(types.length, random.int(1, 3));
  const fabrics = random.shuffle(seedFabrics.filter((fabric) => fabric.is_active && fabric.in_stock)).slice(0, fabricCount).map((catalogue, index) => fabricEntry(random, catalogue, index));
  types.forEach((type, index) => fabrics[index % fabricCount]!.items.push(itemMakers[type](random)));
  return {
    name: `${random.pick(ROOMS)} ${NOUNS[types[0]!]}`,
    fabrics,
    additional_notes: random.chance(0.3) ? 'Please match the existing sofa colour as closely as possible.' : '',
    notes: {},
    shipping_notes: shippingNotes(random, recipient),
  };
}

function fabricEntry(random: DemoRandom, catalogue: (typeof seedFabrics)[number], index: number): Fabric {
  if (random.chance(0.25)) return { id: `own-${index + 1}`, name: random.pick(['Customer velvet', 'Vintage linen', 'Heirloom damask']), description: 'Supplied by the customer.', source: 'customer', unit_price: null, items: [] };
  return { id: catalogue.id, name: catalogue.name, description: catalogue.description, source: OWN_SOURCE, unit_price: fabricPricePerYard(catalogue), items: [] };
}

function shippingNotes(random: DemoRandom, recipient: string): ShippingNotes {
  const delivery_type = random.pick([0, 0, 1, 1, 2, 3] as const satisfies readonly DeliveryType[]);
  if (delivery_type === 2) return { delivery_type };
  const address = random.pick(delivery_type === 0 ? ADDRESSES : ADDRESSES.slice(0, 3));
  return { delivery_type, shipping_address: { recipient_name: recipient, ...address } };
}

/** What staff charge for delivery: SPEC §9's "from" prices, a parcel rate for shipping, pick-up free. */
export function shippingCostFor(random: DemoRandom, deliveryType: DeliveryType | undefined): number {
  switch (deliveryType) {
    case 0:
      return random.int(25, 90) * 100;
    case 1:
      return 19500 + random.int(0, 4) * 2500;
    case 3:
      return 35000 + random.int(0, 6) * 2500;
    default:
      return 0;
  }
}

/**
 * Staff pricing: the domain's line quote gives the labour per unit and the yardage of every
 * catalogue item; reupholstery and custom pieces, which the catalogue leaves to staff, get a
 * believable labour price and yardage. Self welts get their extra yards.
 */
export function pricedFabrics(random: DemoRandom, fabrics: readonly Fabric[]): Fabric[] {
  return fabrics.map((fabric) => ({ ...fabric, items: fabric.items.map((item) => pricedItem(random, item, fabric)) }));
}

function pricedItem(random: DemoRandom, item: LineItem, fabric: Fabric): LineItem {
  const quote = quoteLineItem(item, fabric, seedProducts);
  const insertOnly = isInsertOnlySku(seedProducts.find((product) => product.product_id === item.product_id)?.sku ?? '');
  const unit_price = quote?.unitLabor ?? roundUpToNext500(random.int(250, 1800) * 100);
  const yardage = insertOnly ? 0 : quote && quote.yardage > 0 ? Math.round(quote.yardage * 100) / 100 : random.int(4, 24) / 2;
  return { ...item, unit_price, yardage, ...(item.product_trim === 'S' ? { self_welt: 0.25 } : {}) };
}
