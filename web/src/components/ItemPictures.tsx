import type { Fabric, LineItem } from '@shop/domain';
import type { SyntheticEvent } from 'react';
import { fabricSwatch, itemPicture, OWN_FABRIC_SWATCH } from '../lib/pictures';

interface Props {
  item: Pick<LineItem, 'product_style' | 'product_type'>;
  fabric: Pick<Fabric, 'source' | 'sku' | 'name'>;
  /** Smaller in tables (summary, checkout, staff detail) than beside the editor's fields. */
  size?: 'small' | 'large';
}

/** A fabric sku no longer in the catalogue has no swatch: show the plain one rather than a broken image. */
function plainSwatch(event: SyntheticEvent<HTMLImageElement>) {
  if (!event.currentTarget.src.endsWith(OWN_FABRIC_SWATCH)) event.currentTarget.src = OWN_FABRIC_SWATCH;
}

/** The picture of a line item's style with the swatch of its fabric; lazily loaded, below the fold. */
export function ItemPictures({ item, fabric, size = 'large' }: Props) {
  const style = item.product_style ?? 'No style chosen yet';
  const [width, height] = size === 'large' ? [160, 120] : [64, 48];
  return (
    <div className={`item-pictures ${size}`}>
      <img className="item-picture" src={itemPicture(item)} alt={style} width={width} height={height} loading="lazy" decoding="async" />
      <img
        className="fabric-swatch"
        src={fabricSwatch(fabric)}
        alt={`Fabric: ${fabric.name || 'not named'}`}
        width={height / 2}
        height={height / 2}
        loading="lazy"
        decoding="async"
        onError={plainSwatch}
      />
    </div>
  );
}
