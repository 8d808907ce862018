import type { FabricPrice, ItemPrice } from './events.js';
import type { Fabric } from './model.js';

/**
 * The fabrics with staff's prices put on them, as "Items priced" does: a listed fabric gets its
 * yard price, a listed item its unit price and yardages; the rest stays as it was. The command
 * side uses it to tell a save that only prices from one that also changes the design.
 */
export function withPrices(fabrics: readonly Fabric[], items: readonly ItemPrice[], fabricPrices: readonly FabricPrice[]): Fabric[] {
  return fabrics.map((fabric) => {
    const fabricPrice = fabricPrices.find((price) => price.fabricId === fabric.id);
    return {
      ...fabric,
      ...(fabricPrice ? { unit_price: fabricPrice.unit_price } : {}),
      items: fabric.items.map((item, index) => {
        const price = items.find((candidate) => candidate.fabricId === fabric.id && candidate.itemIndex === index);
        if (!price) return item;
        const { fabricId: _fabric, itemIndex: _index, ...values } = price;
        return { ...item, ...values };
      }),
    };
  });
}
