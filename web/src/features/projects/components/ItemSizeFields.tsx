import { isCustomSku, type CatalogueProduct, type DimensionKey, type LineItem } from '@shop/domain';
import { useId, useState } from 'react';
import { describedBy, FieldMessage } from './field-problems';

/** The size of a line item: a pillow size, or the dimensions its type and style require. */

const dimensionLabels: Record<DimensionKey, string> = {
  length: 'Length (in)',
  width: 'Width (in)',
  height: 'Height (in)',
  channelWidth: 'Channel width (in)',
};

const CUSTOM_SIZE = '__custom__';

/** Pillows pick one of the style's sizes, or type a custom "number x number" (Patty and Claude take one number). */
export function PillowSize({ item, style, products, error, onChange }: { item: LineItem; style: string; products: readonly CatalogueProduct[]; error: string | undefined; onChange: (size: string | null) => void }) {
  const id = useId();
  const sizes = [...new Set(products.filter((p) => p.is_active && p.product_type === 'P' && p.product_style === style && p.size && !isCustomSku(p.sku)).map((p) => p.size as string))];
  const offersCustom = products.some((p) => p.is_active && p.product_type === 'P' && p.product_style === style && isCustomSku(p.sku));
  const current = item.size ?? '';
  const [customChosen, setCustomChosen] = useState(current !== '' && !sizes.includes(current));
  const isCustom = customChosen || (current !== '' && !sizes.includes(current));
  const customLabel = style === 'Patty' ? 'Custom height (in)' : style === 'Claude' ? 'Custom width (in)' : 'Custom size (width x height, in)';
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-size`}>Size</label>
        <select
          id={`${id}-size`}
          value={isCustom ? CUSTOM_SIZE : current}
          aria-invalid={error && !isCustom ? true : undefined}
          aria-describedby={describedBy(error && !isCustom && `${id}-error`)}
          onChange={(e) => {
            const value = e.target.value;
            setCustomChosen(value === CUSTOM_SIZE);
            onChange(value === CUSTOM_SIZE || value === '' ? null : value);
          }}
        >
          <option value="">Choose a size</option>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size.replace('x', '" x ')}"
            </option>
          ))}
          {offersCustom && <option value={CUSTOM_SIZE}>Custom size</option>}
        </select>
        {!isCustom && <FieldMessage id={`${id}-error`} message={error} />}
      </div>
      {isCustom && (
        <div className="field">
          <label htmlFor={`${id}-custom`}>{customLabel}</label>
          <input
            id={`${id}-custom`}
            value={current}
            placeholder={style === 'Patty' || style === 'Claude' ? '20' : '20 x 20'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${id}-error`)}
            onChange={(e) => onChange(e.target.value)}
          />
          <FieldMessage id={`${id}-error`} message={error} />
        </div>
      )}
    </>
  );
}

interface DimensionsProps {
  keys: DimensionKey[];
  item: LineItem;
  errorOf: (key: DimensionKey) => string | undefined;
  /** A problem of the whole size (no matching product), shown once under the inputs. */
  groupError: string | undefined;
  onChange: (key: DimensionKey, value: number | null) => void;
}

export function Dimensions({ keys, item, errorOf, groupError, onChange }: DimensionsProps) {
  const id = useId();
  if (keys.length === 0) return groupError ? <FieldMessage id={`${id}-group-error`} message={groupError} /> : null;
  return (
    <div className="dimensions" role="group" aria-label="Dimensions" aria-describedby={describedBy(groupError && `${id}-group-error`)}>
      {keys.map((key) => {
        const error = errorOf(key);
        const value = item.dimensions?.[key];
        return (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>{dimensionLabels[key]}</label>
            <input
              id={`${id}-${key}`}
              type="number"
              min={0}
              step="0.25"
              value={value ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(error && `${id}-${key}-error`)}
              onChange={(e) => onChange(key, e.target.value === '' ? null : Math.max(0, Number(e.target.value)))}
            />
            <FieldMessage id={`${id}-${key}-error`} message={error} />
          </div>
        );
      })}
      <FieldMessage id={`${id}-group-error`} message={groupError} />
    </div>
  );
}
