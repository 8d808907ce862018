import {
  estimateLeavesOutWeltFabric,
  formatPrice,
  insertChoicesFor,
  isCustomSku,
  isImageFileName,
  matchItemProduct,
  productTypeDisplayNames,
  quoteLineItemPrice,
  requiredDimensions,
  stylesByType,
  TRIM_CHOICES,
  trimChoicesFor,
  validationMessages,
  type CatalogueProduct,
  type Fabric,
  type FieldProblem,
  type InsertCode,
  type LineItem,
  type ProductTypeCode,
  type TrimCode,
} from '@shop/domain';
import { useId, useState, type ChangeEvent } from 'react';
import { ItemPictures } from '../../../components/ItemPictures';
import { errorMessage } from '../../../lib/api-client';
import type { Catalogue } from '../api/catalogue';
import { uploadImage } from '../api/projects';
import { useEditorStore } from '../stores/editor-store';
import { DEFAULT_NOTE_PLACEHOLDER, DEFAULT_NOTE_TITLE, IMAGE_ACCEPT, IMAGE_SLOTS } from './editor-constants';
import { Checkbox } from './Checkbox';
import { describedBy, FieldMessage, firstMessage } from './field-problems';
import { Dimensions, PillowSize } from './ItemSizeFields';

interface Props {
  fabric: Fabric;
  fabricIndex: number;
  item: LineItem;
  itemIndex: number;
  catalogue: Catalogue;
  problems: readonly FieldProblem[];
  /** Server id for uploads; null while the project lives only in the browser. */
  projectId: string | null;
}

function typeOf(item: LineItem, products: readonly CatalogueProduct[]): ProductTypeCode {
  const type = item.product_type ?? products.find((p) => p.product_id === item.product_id)?.product_type;
  return (type && type in stylesByType ? type : 'X') as ProductTypeCode;
}

/** The product whose options (sizes, inserts, trims, extras) the item offers: the matched one, else the style's first. */
function referenceProduct(item: LineItem, type: ProductTypeCode, products: readonly CatalogueProduct[]): CatalogueProduct | undefined {
  const match = matchItemProduct(item, products);
  if (match.kind === 'matched') return match.product;
  const ofStyle = products.filter((p) => p.is_active && p.product_type === type && p.product_style === item.product_style);
  return ofStyle.find((p) => !isCustomSku(p.sku)) ?? ofStyle[0];
}

/** One line item of a fabric: every choice of its family, its SPEC §5 messages, and its live price. */
export function LineItemEditor({ fabric, fabricIndex, item, itemIndex, catalogue, problems, projectId }: Props) {
  const uid = useId();
  const updateItem = useEditorStore((s) => s.updateItem);
  const chooseStyle = useEditorStore((s) => s.chooseStyle);
  const removeItem = useEditorStore((s) => s.removeItem);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const path = `fabrics.${fabricIndex}.items.${itemIndex}`;
  const at = (field: string) => firstMessage(problems, `${path}.${field}`);
  const update = (patch: Partial<LineItem>) => updateItem(fabricIndex, itemIndex, patch);
  const ids = (name: string) => ({ input: `${uid}-${name}`, error: `${uid}-${name}-error`, help: `${uid}-${name}-help` });

  const { products } = catalogue;
  const type = typeOf(item, products);
  const described = type === 'X' || type === 'R' || item.product_id === 0;
  const styles = catalogue.types[type] ?? [...stylesByType[type]];
  const product = described ? undefined : referenceProduct(item, type, products);
  const price = quoteLineItemPrice(item, fabric, products);
  const heading = `${productTypeDisplayNames[type]} ${itemIndex + 1}`;

  async function upload(event: ChangeEvent<HTMLInputElement>, apply: (path: string) => Partial<LineItem>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    if (!isImageFileName(file.name)) {
      setUploadError(validationMessages.imageFileName);
      return;
    }
    if (!projectId) {
      setUploadError('Images can be uploaded once the project is saved to your account.');
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadImage(projectId, fabric.id, file);
      useEditorStore.getState().uploaded(stored.revision);
      update(apply(stored.path));
    } catch (error) {
      setUploadError(errorMessage(error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="line-item" aria-label={heading}>
      <legend>{heading}</legend>
      <ItemPictures item={{ ...item, product_type: type }} fabric={fabric} />

      {!described && (
        <div className="field">
          <label htmlFor={ids('style').input}>Style</label>
          <select
            id={ids('style').input}
            value={item.product_style ?? ''}
            aria-invalid={at('product_style') ? true : undefined}
            aria-describedby={describedBy(at('product_style') && ids('style').error)}
            onChange={(e) => e.target.value && chooseStyle(fabricIndex, itemIndex, e.target.value)}
          >
            <option value="">Choose a style</option>
            {styles.map((style) => (
              <option key={style} value={style}>
                {style}
              </option>
            ))}
          </select>
          <FieldMessage id={ids('style').error} message={at('product_style')} />
        </div>
      )}

      {described && (
        <>
          <div className="field">
            <label htmlFor={ids('name').input}>{type === 'R' ? 'What should we reupholster?' : 'Product name'}</label>
            <input
              id={ids('name').input}
              value={item.name ?? ''}
              aria-invalid={at('name') ? true : undefined}
              aria-describedby={describedBy(at('name') && ids('name').error)}
              onChange={(e) => update({ name: e.target.value })}
            />
            <FieldMessage id={ids('name').error} message={at('name')} />
          </div>
          <div className="field">
            <label htmlFor={ids('description').input}>Description</label>
            <textarea
              id={ids('description').input}
              rows={4}
              value={item.description ?? ''}
              aria-invalid={at('description') ? true : undefined}
              aria-describedby={describedBy(at('description') && ids('description').error)}
              onChange={(e) => update({ description: e.target.value })}
            />
            <FieldMessage id={ids('description').error} message={at('description')} />
          </div>
          {type === 'X' && (
            <div className="field">
              <label htmlFor={ids('upholstery').input}>Does it involve upholstery?</label>
              <select
                id={ids('upholstery').input}
                value={item.has_upholstery === true ? 'yes' : item.has_upholstery === false ? 'no' : ''}
                onChange={(e) => update({ has_upholstery: e.target.value === '' ? null : e.target.value === 'yes' })}
              >
                <option value="">Not sure</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </select>
            </div>
          )}
        </>
      )}

      {!described && item.product_style && type === 'P' && <PillowSize item={item} style={item.product_style} products={products} error={at('size')} onChange={(size) => update({ size })} />}

      {!described && item.product_style && type !== 'P' && (
        <Dimensions
          keys={requiredDimensions(type, item.product_style)}
          item={item}
          errorOf={(key) => at(`dimensions.${key}`)}
          groupError={at('dimensions') ?? at('size')}
          onChange={(key, value) => update({ dimensions: { ...item.dimensions, [key]: value } })}
        />
      )}

      {product && product.product_insert.length > 0 && (
        <div className="field">
          <label htmlFor={ids('insert').input}>Insert</label>
          <select
            id={ids('insert').input}
            value={item.insert ?? ''}
            aria-invalid={at('insert') ? true : undefined}
            aria-describedby={describedBy(at('insert') && ids('insert').error)}
            onChange={(e) => update({ insert: (e.target.value || null) as InsertCode | null })}
          >
            <option value="">Choose an insert fill</option>
            {insertChoicesFor(product).map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.desc}
              </option>
            ))}
          </select>
          <FieldMessage id={ids('insert').error} message={at('insert')} />
        </div>
      )}

      {product && product.product_trim.length > 0 && (
        <div className="field">
          <label htmlFor={ids('trim').input}>Trim</label>
          <select
            id={ids('trim').input}
            value={item.product_trim === undefined ? '' : item.product_trim === null ? 'none' : item.product_trim}
            aria-invalid={at('product_trim') ? true : undefined}
            aria-describedby={describedBy(item.product_trim && ids('trim').help, at('product_trim') && ids('trim').error)}
            onChange={(e) => {
              const value = e.target.value;
              // Absent = not chosen, null = none (docs/decisions/0023).
              update({ product_trim: value === '' ? undefined : value === 'none' ? null : (value as TrimCode) });
            }}
          >
            <option value="">Choose a trim</option>
            <option value="none">None</option>
            {trimChoicesFor(product).map((choice) => (
              <option key={choice.code} value={choice.code}>
                {choice.name}
              </option>
            ))}
          </select>
          {item.product_trim && (
            <p id={ids('trim').help} className="field-hint">
              {TRIM_CHOICES.find((c) => c.code === item.product_trim)?.help}
            </p>
          )}
          <FieldMessage id={ids('trim').error} message={at('product_trim')} />
        </div>
      )}

      {(item.product_trim === 'P' || item.product_trim === 'C') && (
        <div className="trim-details">
          <div className="field">
            <label htmlFor={ids('trimDescription').input}>{item.product_trim === 'P' ? 'Piping description' : 'Contrast welt fabric description'}</label>
            <textarea
              id={ids('trimDescription').input}
              rows={2}
              value={item.trim_description ?? ''}
              aria-invalid={at('trim_description') ? true : undefined}
              aria-describedby={describedBy(at('trim_description') && ids('trimDescription').error)}
              onChange={(e) => update({ trim_description: e.target.value })}
            />
            <FieldMessage id={ids('trimDescription').error} message={at('trim_description')} />
          </div>
          <div className="field">
            <label htmlFor={ids('trimImage').input}>{item.product_trim === 'P' ? 'Piping image' : 'Contrast welt fabric image'}</label>
            <input
              id={ids('trimImage').input}
              type="file"
              accept={IMAGE_ACCEPT}
              disabled={uploading}
              aria-invalid={at('trim_image') ? true : undefined}
              aria-describedby={describedBy(at('trim_image') && ids('trimImage').error)}
              onChange={(e) => void upload(e, (stored) => ({ trim_image: stored }))}
            />
            {item.trim_image && <p className="field-hint">Uploaded: {baseName(item.trim_image)}</p>}
            <FieldMessage id={ids('trimImage').error} message={at('trim_image')} />
          </div>
        </div>
      )}

      {product && (product.product_include_velcro || product.product_include_tiebacks || product.product_include_cleats) && (
        <div className="checkboxes">
          {product.product_include_velcro && (
            <Checkbox label="Include velcro" checked={item.include_velcro === true} onChange={(checked) => update({ include_velcro: checked })} />
          )}
          {product.product_include_tiebacks && (
            <Checkbox label="Include tiebacks" checked={item.include_tiebacks === true} onChange={(checked) => update({ include_tiebacks: checked })} />
          )}
          {product.product_include_cleats && (
            <Checkbox label="Include cleats" checked={item.include_cleats === true} onChange={(checked) => update({ include_cleats: checked })} />
          )}
        </div>
      )}

      <div className="field quantity">
        <label htmlFor={ids('quantity').input}>Quantity</label>
        <input
          id={ids('quantity').input}
          type="number"
          min={1}
          max={9999}
          inputMode="numeric"
          value={item.quantity ?? ''}
          aria-invalid={at('quantity') ? true : undefined}
          aria-describedby={describedBy(at('quantity') && ids('quantity').error)}
          onChange={(e) => update({ quantity: e.target.value === '' ? 0 : Math.max(0, Math.min(9999, Math.trunc(Number(e.target.value)))) })}
        />
        <FieldMessage id={ids('quantity').error} message={at('quantity')} />
      </div>

      {!described && (
        <div className="field">
          <label htmlFor={ids('note').input}>{product?.additional_notes_title || DEFAULT_NOTE_TITLE}</label>
          <textarea
            id={ids('note').input}
            rows={3}
            placeholder={product?.additional_notes_placeholder || DEFAULT_NOTE_PLACEHOLDER}
            value={item.description ?? ''}
            onChange={(e) => update({ description: e.target.value })}
          />
        </div>
      )}

      <div className="image-slots">
        {Array.from({ length: IMAGE_SLOTS }, (_, slot) => {
          const image = item.images?.[slot] ?? null;
          const slotIds = ids(`image${slot}`);
          const message = at(`images.${slot}`);
          return (
            <div className="field" key={slot}>
              <label htmlFor={slotIds.input}>Image {slot + 1}</label>
              <input
                id={slotIds.input}
                type="file"
                accept={IMAGE_ACCEPT}
                disabled={uploading}
                aria-invalid={message ? true : undefined}
                aria-describedby={describedBy(message && slotIds.error)}
                onChange={(e) =>
                  void upload(e, (stored) => {
                    const images = Array.from({ length: IMAGE_SLOTS }, (_, i) => item.images?.[i] ?? null);
                    images[slot] = stored;
                    return { images };
                  })
                }
              />
              {image && (
                <p className="field-hint">
                  {baseName(image)}{' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => update({ images: (item.images ?? []).map((img, i) => (i === slot ? null : img)) })}
                  >
                    Remove image {slot + 1}
                  </button>
                </p>
              )}
              <FieldMessage id={slotIds.error} message={message} />
            </div>
          );
        })}
      </div>
      {uploadError && (
        <p className="field-error" role="alert">
          {uploadError}
        </p>
      )}

      <div className="line-item-footer">
        <p className="line-item-price" aria-live="polite">
          <span>Price: </span>
          <strong data-testid="item-price">{formatPrice(price)}</strong>
          {price !== null && estimateLeavesOutWeltFabric(item, fabric) && (
            <span className="field-hint"> Self-welt fabric is estimated by our workroom and added to the quote.</span>
          )}
        </p>
        <button type="button" className="secondary" onClick={() => removeItem(fabricIndex, itemIndex)}>
          Remove {heading}
        </button>
      </div>
    </fieldset>
  );
}

const baseName = (path: string) => path.split('/').pop() ?? path;
