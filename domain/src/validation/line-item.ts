import { insertChoicesFor } from '../catalogue/choices.js';
import { matchItemProduct, type ItemProductMatch } from '../catalogue/item-product-match.js';
import { CUSTOM_PRODUCT_ID } from '../catalogue/product-types.js';
import type { CatalogueProduct } from '../catalogue/schemas.js';
import { TRIM_REQUIRED_STYLES } from '../catalogue/styles.js';
import type { LineItem } from '../project/model.js';
import type { FieldProblem } from '../shared/errors.js';
import { isImageFileName } from './image-file-name.js';
import { validationMessages as m } from './messages.js';

/** Types whose unmatched size asks for smaller dimensions rather than a size (SPEC §5). */
const DIMENSION_SIZED_TYPES: readonly string[] = ['C', 'B', 'BQ'];

const problem = (path: string, field: string, message: string): FieldProblem => ({ field: `${path}.${field}`, message });
const blank = (text: string | null | undefined) => !text?.trim();

/**
 * Every problem of one line item, each tied to its field under `path` (e.g. `fabrics.0.items.2`).
 * The custom item (product 0, type X) and reupholstery are described in words; the rest are built
 * from catalogue choices.
 */
export function validateLineItem(item: LineItem, products: readonly CatalogueProduct[], path: string): FieldProblem[] {
  const described = item.product_id === CUSTOM_PRODUCT_ID || item.product_type === 'X' || item.product_type === 'R';
  const specific = described ? describedItemProblems(item, path) : standardItemProblems(item, products, path);
  return [...specific, ...imageProblems(item, path), ...quantityProblems(item, path)];
}

function describedItemProblems(item: LineItem, path: string): FieldProblem[] {
  return [
    ...(blank(item.name) ? [problem(path, 'name', m.customName)] : []),
    ...(blank(item.description) ? [problem(path, 'description', m.customDescription)] : []),
  ];
}

function standardItemProblems(item: LineItem, products: readonly CatalogueProduct[], path: string): FieldProblem[] {
  const match = matchItemProduct(item, products);
  if (match.kind === 'no_style') return [problem(path, 'product_style', m.style)];
  const pillow = item.product_type === 'P' || (match.kind === 'matched' && match.product.product_type === 'P');
  return [
    ...sizeProblems(item, match, pillow, path),
    ...(pillow ? insertProblems(item, match, path) : []),
    ...trimProblems(item, match, path),
  ];
}

function sizeProblems(item: LineItem, match: ItemProductMatch, pillow: boolean, path: string): FieldProblem[] {
  switch (match.kind) {
    case 'missing_dimensions':
      return match.keys.map((key) => problem(path, `dimensions.${key}`, m.allDimensions));
    case 'out_of_limits':
      if (pillow) return [problem(path, 'size', m.size)];
      return [
        ...match.tooLarge.map((key) => problem(path, `dimensions.${key}`, m.smallerDimensions)),
        ...match.tooSmall.map((key) => problem(path, `dimensions.${key}`, m.largerDimensions)),
      ];
    case 'no_size':
      return DIMENSION_SIZED_TYPES.includes(item.product_type ?? '')
        ? [problem(path, 'dimensions', m.smallerDimensions)]
        : [problem(path, 'size', m.size)];
    default:
      return [];
  }
}

/** Pillows need a fill or none, and the fill must be one the product offers (e.g. down only when priced). */
function insertProblems(item: LineItem, match: ItemProductMatch, path: string): FieldProblem[] {
  if (!item.insert) return [problem(path, 'insert', m.insert)];
  if (match.kind !== 'matched') return [];
  const offered = insertChoicesFor(match.product).some((choice) => choice.id === item.insert);
  return offered ? [] : [problem(path, 'insert', m.insert)];
}

/** Absent trim = not chosen, null = none (docs/decisions/0023). */
function trimProblems(item: LineItem, match: ItemProductMatch, path: string): FieldProblem[] {
  const trim = item.product_trim;
  if (trim === undefined) {
    return TRIM_REQUIRED_STYLES.includes(item.product_style ?? '') ? [problem(path, 'product_trim', m.trim)] : [];
  }
  if (trim === null) return [];
  if (match.kind === 'matched' && !match.product.product_trim.includes(trim)) return [problem(path, 'product_trim', m.trim)];
  if (trim === 'S') return [];
  return suppliedTrimProblems(item, trim === 'P' ? m.pipingDetails : m.contrastWeltDetails, path);
}

/** Piping and contrast welt come from a fabric the customer supplies: a description and an image of it. */
function suppliedTrimProblems(item: LineItem, message: string, path: string): FieldProblem[] {
  if (blank(item.trim_description)) return [problem(path, 'trim_description', message)];
  if (!item.trim_image || !isImageFileName(item.trim_image)) return [problem(path, 'trim_image', message)];
  return [];
}

function imageProblems(item: LineItem, path: string): FieldProblem[] {
  return (item.images ?? []).flatMap((image, slot) =>
    image && !isImageFileName(image) ? [problem(path, `images.${slot}`, m.imageFileName)] : [],
  );
}

function quantityProblems(item: LineItem, path: string): FieldProblem[] {
  return (item.quantity ?? 0) > 0 ? [] : [problem(path, 'quantity', m.quantity)];
}
