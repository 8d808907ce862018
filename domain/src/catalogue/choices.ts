import type { InsertCode, TrimCode } from '../project/model.js';
import type { CatalogueProduct, OfferedInsert } from './schemas.js';
import { DOWN_INSERT_STYLES } from './styles.js';

export interface InsertChoice {
  id: InsertCode;
  desc: string;
}

/** Insert fills (SPEC §9), in the order the editor lists them. */
export const INSERT_CHOICES: readonly InsertChoice[] = [
  { id: 'poly', desc: 'Poly Fiber Fill' },
  { id: 'down', desc: 'Feather & Down' },
  { id: 'ql_down', desc: 'Quilted Feather & Down' },
  { id: 'outdoor', desc: 'Outdoor Poly Fill' },
  { id: 'foam', desc: 'High Density Foam' },
  { id: 'dw_foam', desc: 'Dacron Wrapped Foam' },
];

/** "None" is a choice of its own: the customer wants a cover only (SPEC §5 "or none"). */
export const NO_INSERT_CHOICE: InsertChoice = { id: 'none', desc: 'None (cover only)' };

export interface TrimChoice {
  code: TrimCode;
  name: string;
  help: string;
}

export const TRIM_CHOICES: readonly TrimChoice[] = [
  {
    code: 'P',
    name: 'Piping',
    help: 'A thin cord covered in a fabric you supply, sewn into the seams. Describe it and upload an image.',
  },
  {
    code: 'S',
    name: 'Self Welt',
    help: 'A welt cord covered in the same fabric as the item; it adds a little yardage.',
  },
  {
    code: 'C',
    name: 'Contrast Welt',
    help: 'A welt cord covered in a second fabric for contrast. Describe that fabric and upload an image.',
  },
];

/**
 * The inserts the editor offers for a product, followed by "none". Down is offered only for
 * Alex, Emmett and Drew pillows that have a down price (SPEC §5), never for other styles.
 */
export function insertChoicesFor(product: CatalogueProduct): InsertChoice[] {
  const offered = new Set<OfferedInsert>(product.product_insert.filter((code) => code !== 'down' || offersDown(product)));
  return [...INSERT_CHOICES.filter((choice) => offered.has(choice.id as OfferedInsert)), NO_INSERT_CHOICE];
}

function offersDown(product: CatalogueProduct): boolean {
  return (
    product.product_type === 'P' &&
    DOWN_INSERT_STYLES.includes(product.product_style) &&
    product.prices.down !== undefined
  );
}

/** The trims a product offers, in catalogue order; choosing none is always possible. */
export function trimChoicesFor(product: CatalogueProduct): TrimChoice[] {
  return TRIM_CHOICES.filter((choice) => product.product_trim.includes(choice.code));
}
