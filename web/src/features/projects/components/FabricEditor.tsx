import { fabricPricePerYard, formatPrice, OWN_SOURCE, type Category, type Fabric, type FieldProblem, type ProductTypeCode } from '@shop/domain';
import { useId, useState } from 'react';
import type { Catalogue } from '../api/catalogue';
import { useEditorStore } from '../stores/editor-store';
import { describedBy, FieldMessage, firstMessage } from './field-problems';
import { LineItemEditor } from './LineItemEditor';

const CUSTOMER_SOURCE = 'customer';

interface Props {
  fabric: Fabric;
  fabricIndex: number;
  catalogue: Catalogue;
  categories: Category[];
  /** The project's category narrows the types offered; none offers every type. */
  category: string | undefined;
  problems: readonly FieldProblem[];
  projectId: string | null;
}

/** A fabric of the project (name, url, description, source) and the line items made from it. */
export function FabricEditor({ fabric, fabricIndex, catalogue, categories, category, problems, projectId }: Props) {
  const id = useId();
  const updateFabric = useEditorStore((s) => s.updateFabric);
  const removeFabric = useEditorStore((s) => s.removeFabric);
  const addItem = useEditorStore((s) => s.addItem);
  const path = `fabrics.${fabricIndex}`;
  const nameError = firstMessage(problems, `${path}.name`);
  const itemsError = firstMessage(problems, `${path}.items`);
  const update = (patch: Partial<Omit<Fabric, 'items'>>) => updateFabric(fabricIndex, patch);

  const offeredTypes = (category ? categories.filter((c) => c.name === category) : categories).flatMap((c) =>
    [...c.product_types].sort((a, b) => a.priority - b.priority),
  );
  const [newType, setNewType] = useState<ProductTypeCode | ''>('');
  const typeToAdd = newType || offeredTypes[0]?.name || '';
  const heading = `Fabric ${fabricIndex + 1}${fabric.name ? `: ${fabric.name}` : ''}`;
  const shopFabric = fabric.source === OWN_SOURCE;

  return (
    <section className="fabric" aria-labelledby={`${id}-heading`}>
      <div className="section-heading">
        <h2 id={`${id}-heading`}>{heading}</h2>
        <button type="button" className="secondary" onClick={() => removeFabric(fabricIndex)}>
          Remove fabric {fabricIndex + 1}
        </button>
      </div>
      <div className="fabric-fields">
        <div className="field">
          <label htmlFor={`${id}-source`}>Fabric source</label>
          <select id={`${id}-source`} value={shopFabric ? OWN_SOURCE : CUSTOMER_SOURCE} onChange={(e) => update({ source: e.target.value })}>
            <option value={CUSTOMER_SOURCE}>My own fabric</option>
            <option value={OWN_SOURCE}>From the shop’s catalogue</option>
          </select>
        </div>
        {shopFabric && (
          <div className="field">
            <label htmlFor={`${id}-catalogue`}>Catalogue fabric</label>
            <select
              id={`${id}-catalogue`}
              value={catalogue.fabrics.find((f) => f.id === fabric.sku)?.id ?? ''}
              onChange={(e) => {
                const chosen = catalogue.fabrics.find((f) => f.id === e.target.value);
                if (chosen)
                  update({ sku: chosen.id, name: chosen.name, description: chosen.description ?? '', unit_price: fabricPricePerYard(chosen) });
              }}
            >
              <option value="">Choose a fabric</option>
              {catalogue.fabrics.map((f) => (
                <option key={f.id} value={f.id} disabled={!f.in_stock}>
                  {f.name} — {formatPrice(fabricPricePerYard(f))}/yd{f.in_stock ? '' : ' (out of stock)'}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-name`}>Fabric name</label>
          <input
            id={`${id}-name`}
            value={fabric.name ?? ''}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={describedBy(nameError && `${id}-name-error`)}
            onChange={(e) => update({ name: e.target.value })}
          />
          <FieldMessage id={`${id}-name-error`} message={nameError} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-url`}>Fabric link (URL)</label>
          <input id={`${id}-url`} type="url" value={fabric.url ?? ''} onChange={(e) => update({ url: e.target.value })} />
        </div>
        <div className="field wide">
          <label htmlFor={`${id}-description`}>Fabric description</label>
          <textarea id={`${id}-description`} rows={2} value={fabric.description ?? ''} onChange={(e) => update({ description: e.target.value })} />
        </div>
      </div>

      {fabric.items.map((item, itemIndex) => (
        <LineItemEditor
          key={itemIndex}
          fabric={fabric}
          fabricIndex={fabricIndex}
          item={item}
          itemIndex={itemIndex}
          catalogue={catalogue}
          problems={problems}
          projectId={projectId}
        />
      ))}
      <FieldMessage id={`${id}-items-error`} message={itemsError} />

      <div className="inline-form">
        <div className="field">
          <label htmlFor={`${id}-type`}>Product type</label>
          <select id={`${id}-type`} value={typeToAdd} onChange={(e) => setNewType(e.target.value as ProductTypeCode)}>
            {offeredTypes.map((t) => (
              <option key={t.name} value={t.name}>
                {t.display_name}
              </option>
            ))}
          </select>
        </div>
        <button type="button" disabled={!typeToAdd} onClick={() => typeToAdd && addItem(fabricIndex, typeToAdd)}>
          Add item to fabric {fabricIndex + 1}
        </button>
      </div>
    </section>
  );
}
