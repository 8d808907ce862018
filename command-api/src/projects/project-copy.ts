import {
  actsForOwner,
  DomainError,
  isListedFabric,
  projectDecider,
  seedFabrics,
  seedProducts,
  type Actor,
  type CatalogueFabric,
  type CatalogueProduct,
  type CopyAvailability,
  type CopySource,
} from '@shop/domain';
import { loadStream } from '@shop/infra';
import { notFound, type SessionUser } from '@shop/http-shell';
import { actorOf, membershipsFor } from '../actor.js';
import type { RouteDeps } from '../deps.js';
import { projectStream } from '../streams.js';
import { currentDraft } from './project-commands.js';

/**
 * What the SPEC §5 copy rule needs to know of the catalogue (docs/decisions/0010): every catalogue
 * fabric by id, available only when listed (shown and still sold) and in stock, and the ids of the
 * active products. The command side prices and validates against the seed catalogue, so it copies
 * against it too.
 */
export function catalogueAvailability(fabrics: readonly CatalogueFabric[] = seedFabrics, products: readonly CatalogueProduct[] = seedProducts): CopyAvailability {
  return {
    fabrics: Object.fromEntries(fabrics.map((fabric) => [fabric.id, { active: isListedFabric(fabric), in_stock: fabric.in_stock }])),
    activeProductIds: products.filter((product) => product.is_active).map((product) => product.product_id),
  };
}

export interface LoadedCopySource {
  source: CopySource;
  /** The caller, with their membership of the source's organization. */
  actor: Actor;
}

/**
 * The project a copy is made from, read from its event stream and folded with the decider. Only
 * someone who may read it (its owner, a member of its organization, staff) may copy it; anyone else
 * is told it is not theirs, as every other customer write on a project does.
 */
export async function loadCopySource(deps: Pick<RouteDeps, 'eventStore'>, user: SessionUser, projectId: string): Promise<LoadedCopySource> {
  const { state } = await loadStream(deps.eventStore, projectDecider, projectStream(projectId));
  if (state.status !== 'existing') throw notFound('The project to copy');
  const project = state.project;
  const actor = actorOf(user, await membershipsFor(deps.eventStore, user, project.organization_id));
  if (!actor.isStaff && !actsForOwner(actor, project)) throw new DomainError('forbidden', 'NOT_YOUR_PROJECT', 'This project belongs to someone else.');
  return { source: { ...currentDraft(project), projectId: project.id, ownerId: project.user, organizationId: project.organization_id }, actor };
}
