import { catalogueCategories, editorCategories, productTypeDisplayNames, type ProductTypeCode } from '@shop/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useEditorStore } from '../stores/editor-store';

/** The query parameter the storefront's "Start designing" sets: `?type=P`. */
export const START_TYPE_PARAM = 'type';

const isTypeCode = (value: string | null): value is ProductTypeCode => value !== null && Object.hasOwn(productTypeDisplayNames, value);

/**
 * Arriving from a storefront card, the editor starts a line item of the card's type: on a fabric
 * of its own when the project has none, else on its last fabric. The parameter is then dropped
 * from the address so a reload does not add the item again.
 */
export function useStartingType(): void {
  const [params, setParams] = useSearchParams();
  const type = params.get(START_TYPE_PARAM);
  // React runs effects twice in development; the item must be added once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!isTypeCode(type) || handled.current === type) return;
    handled.current = type;
    const { project, addFabric, addItem, setDetails } = useEditorStore.getState();
    if (!project) return;
    const category = editorCategories(catalogueCategories).find((c) => c.product_types.some((t) => t.name === type));
    const hasItems = project.fabrics.some((f) => f.items.length > 0);
    // A fresh project takes the card's category; an existing one only loses a category that hides the type.
    if (!hasItems && category) setDetails({ category: category.name });
    else if (project.category && project.category !== category?.name) setDetails({ category: undefined });
    if (project.fabrics.length === 0) addFabric();
    addItem(useEditorStore.getState().project!.fabrics.length - 1, type);
    setParams(
      (current) => {
        current.delete(START_TYPE_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [type, setParams]);
}
