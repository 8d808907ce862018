import { z } from 'zod';
import { productTypeCodes } from './categories.js';

export * from './categories.js';

/** The type code as a schema; the codes, names and categories are plain data in categories.ts. */
export const ProductTypeCode = z.enum(productTypeCodes);
export type ProductTypeCode = z.infer<typeof ProductTypeCode>;
