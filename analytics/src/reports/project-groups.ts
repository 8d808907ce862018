import { mainProductType, NO_PRODUCT_TYPE } from '@shop/projectors';
import type { ReportEvent, ReportGrouping } from './report.js';
import { shopMonth, shopWeek } from './shop-calendar.js';

/** What a project is grouped by: its main product type and its category, as its latest draft says. */
interface ProjectTraits {
  productType: string;
  category: string;
}

/** Group of a project with no items, or of an event outside any project. */
const NO_GROUP = NO_PRODUCT_TYPE;

/**
 * Follows every project's product types and category so a report can group its facts by them.
 * A project's product type is its main one (project-flow/flow.ts), so each project counts once
 * and the groups add up to the whole (docs/decisions/0180).
 */
export class ProjectGroups {
  private readonly traits = new Map<string, ProjectTraits>();

  observe(event: ReportEvent): void {
    if (event.type !== 'ProjectCreated' && event.type !== 'ProjectCopied' && event.type !== 'DraftSaved') return;
    this.traits.set(event.streamId, { productType: mainProductType(event.data.fabrics), category: event.data.category ?? NO_GROUP });
  }

  /** The group of a fact about `streamId` that happened at `at`. */
  groupOf(streamId: string, at: string, by: ReportGrouping): string {
    switch (by) {
      case 'all':
        return 'all';
      case 'month':
        return shopMonth(at);
      case 'week':
        return shopWeek(at);
      case 'product-type':
        return this.traits.get(streamId)?.productType ?? NO_GROUP;
      case 'category':
        return this.traits.get(streamId)?.category ?? NO_GROUP;
    }
  }
}
