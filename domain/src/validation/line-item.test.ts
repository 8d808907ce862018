import { describe, expect, it } from 'vitest';
import { seedProducts } from '../catalogue/seed.js';
import type { LineItem } from '../project/model.js';
import { validateLineItem } from './line-item.js';

const P = 'fabrics.0.items.0';
const validate = (item: LineItem) => validateLineItem(item, seedProducts, P);
const messages = (item: LineItem) => validate(item).map((p) => p.message);

/** A complete Alex pillow; each case below breaks one thing. */
const alex: LineItem = {
  product_id: 1,
  product_type: 'P',
  product_style: 'Alex',
  size: '18x18',
  insert: 'poly',
  product_trim: null,
  quantity: 2,
};
const cameron: LineItem = {
  product_id: 42,
  product_type: 'C',
  product_style: 'Cameron',
  dimensions: { length: 24, width: 24, height: 4 },
  insert: 'foam',
  product_trim: 'S',
  quantity: 1,
};

describe('standard line items', () => {
  it.each([
    ['complete pillow', alex],
    ['complete cushion', cameron],
    ['pillow with a custom size', { ...alex, size: '20 x 22' }],
    ['Skylar with channel width', { ...cameron, product_style: 'Skylar', product_trim: undefined, dimensions: { length: 24, width: 24, height: 4, channelWidth: 3 } }],
    ['Drew pillow needs no trim', { ...alex, product_style: 'Drew', size: '20x20', product_trim: undefined }],
    ['piping with description and image', { ...alex, product_trim: 'P', trim_description: 'Navy cord', trim_image: 'cord.PNG' }],
  ] as [string, LineItem][])('%s has no problems', (_, item) => {
    expect(validate(item)).toEqual([]);
  });

  it.each([
    ['no style', { ...alex, product_style: null }, 'product_style', 'Please select a style.'],
    ['no pillow size', { ...alex, size: '' }, 'size', 'Please select a size.'],
    ['custom pillow size with a zero', { ...alex, size: '20 x 0' }, 'size', 'Please select a size.'],
    ['custom pillow size too large', { ...alex, size: '20 x 60' }, 'size', 'Please select a size.'],
    ['cushion missing a dimension', { ...cameron, dimensions: { length: 24, width: 24 } }, 'dimensions.height', 'Please enter all dimensions.'],
    ['Skylar without channel width', { ...cameron, product_style: 'Skylar', product_trim: null }, 'dimensions.channelWidth', 'Please enter all dimensions.'],
    ['cushion too long', { ...cameron, dimensions: { length: 130, width: 24, height: 4 } }, 'dimensions.length', 'Please enter smaller dimensions.'],
    ['cushion too thin', { ...cameron, dimensions: { length: 24, width: 24, height: 1 } }, 'dimensions.height', 'Please enter larger dimensions.'],
    // 96 × 40 × 6 = 23040 in³, above the largest wood-base tier (20000)
    ['wood-base cushion with no matching size', { ...cameron, product_style: 'Cameron with Wood Base', dimensions: { length: 96, width: 40, height: 6 } }, 'dimensions', 'Please enter smaller dimensions.'],
    ['headboard with no custom product', { product_id: 1, product_type: 'H', product_style: 'Unknown Headboard', dimensions: { width: 60, height: 50 }, quantity: 1 }, 'size', 'Please select a size.'],
    ['pillow without insert', { ...alex, insert: null }, 'insert', 'Please select an insert fill or none.'],
    ['down where no down price exists', { ...alex, product_style: 'Drew', size: '24x24', product_trim: undefined, insert: 'down' }, 'insert', 'Please select an insert fill or none.'],
    ['Alex without trim', { ...alex, product_trim: undefined }, 'product_trim', 'Please select a trim style or none.'],
    ['Claude without trim', { ...alex, product_style: 'Claude', size: '12x24', product_trim: undefined }, 'product_trim', 'Please select a trim style or none.'],
    ['Bobbi without trim', { ...alex, product_style: 'Bobbi', product_trim: undefined }, 'product_trim', 'Please select a trim style or none.'],
    ['Cameron without trim', { ...cameron, product_trim: undefined }, 'product_trim', 'Please select a trim style or none.'],
    ['Cameron with Wood Base without trim', { ...cameron, product_style: 'Cameron with Wood Base', product_trim: undefined }, 'product_trim', 'Please select a trim style or none.'],
    ['a trim the product does not offer', { ...alex, product_style: 'Drew', size: '20x20', product_trim: 'P' }, 'product_trim', 'Please select a trim style or none.'],
    ['piping without description', { ...alex, product_trim: 'P', trim_image: 'cord.png' }, 'trim_description', 'Please provide a description and upload an image of the piping.'],
    ['piping without image', { ...alex, product_trim: 'P', trim_description: 'Navy cord' }, 'trim_image', 'Please provide a description and upload an image of the piping.'],
    ['contrast welt without image', { ...alex, product_trim: 'C', trim_description: 'Rust velvet', trim_image: 'welt.pdf' }, 'trim_image', 'Please provide a description and upload an image of the contrast welt fabric.'],
    ['no quantity', { ...alex, quantity: undefined }, 'quantity', 'Please enter a quantity.'],
    ['zero quantity', { ...alex, quantity: 0 }, 'quantity', 'Please enter a quantity.'],
    ['image that is not a picture', { ...alex, images: ['a.jpg', null, 'notes.txt'] }, 'images.2', 'Please upload images as JPEG, JPG, GIF or PNG files.'],
  ] as [string, LineItem, string, string][])('%s → %s: %s', (_, item, field, message) => {
    expect(validate(item)).toEqual([{ field: `${P}.${field}`, message }]);
  });

  it('returns every problem of an item at once', () => {
    expect(messages({ ...alex, size: null, insert: null, product_trim: undefined, quantity: 0 })).toEqual([
      'Please select a size.',
      'Please select an insert fill or none.',
      'Please select a trim style or none.',
      'Please enter a quantity.',
    ]);
  });

  it('reports each missing dimension', () => {
    expect(validate({ ...cameron, dimensions: {} }).map((p) => p.field)).toEqual([
      `${P}.dimensions.length`,
      `${P}.dimensions.width`,
      `${P}.dimensions.height`,
    ]);
  });

  it('still asks a style-less item for its quantity', () => {
    expect(messages({ product_id: 1, product_type: 'P', quantity: 0 })).toEqual(['Please select a style.', 'Please enter a quantity.']);
  });

  it('checks the insert of a pillow known only by its product id', () => {
    expect(messages({ product_id: 1, product_style: 'Alex', size: '18x18', product_trim: null, quantity: 1 })).toEqual([
      'Please select an insert fill or none.',
    ]);
  });
});

describe('custom and reupholstery items', () => {
  const custom: LineItem = { product_id: 0, product_type: 'X', name: 'Dog bed', description: 'Round, 30 inches', quantity: 1 };

  it('a named, described custom item with a quantity passes', () => {
    expect(validate(custom)).toEqual([]);
  });

  it.each([
    ['no name', { ...custom, name: ' ' }, 'name', 'Please give this product a name.'],
    ['no description', { ...custom, description: '' }, 'description', 'Please describe the product you would like made in as much detail as possible.'],
    ['no quantity', { ...custom, quantity: 0 }, 'quantity', 'Please enter a quantity.'],
    ['reupholstery without description', { product_id: 112, product_type: 'R', product_style: 'Reupholstery', name: 'Armchair', quantity: 1 }, 'description', 'Please describe the product you would like made in as much detail as possible.'],
  ] as [string, LineItem, string, string][])('%s → %s', (_, item, field, message) => {
    expect(validate(item)).toEqual([{ field: `${P}.${field}`, message }]);
  });

  it('treats type X as custom whatever its product id', () => {
    expect(messages({ product_id: 7, product_type: 'X', quantity: 1 })).toEqual([
      'Please give this product a name.',
      'Please describe the product you would like made in as much detail as possible.',
    ]);
  });
});
