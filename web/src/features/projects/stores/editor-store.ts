import {
  chooseStyle as applyChosenStyle,
  CUSTOM_PRODUCT_ID,
  editorCategories,
  matchItemProduct,
  validateProjectDraft,
  type Category,
  type Fabric,
  type FieldProblem,
  type LineItem,
  type ProductTypeCode,
  type ProjectDraft,
  type ProjectState,
} from '@shop/domain';
import { create } from 'zustand';
import { errorMessage } from '../../../lib/api-client';
import type { Catalogue } from '../api/catalogue';
import { copyProject, createGuest, createProject, deleteProject, updateProject, type ProjectDetail } from '../api/projects';
import { writePendingRegistration } from '../../../lib/session/guest-registration';
import { clearGuestProject, readGuestProject, writeGuestProject } from './guest-project';

/** The id of the project a guest keeps in local storage (SPEC §2). */
export const GUEST_ID = 'guest';

export interface EditorProject extends ProjectDraft {
  /** Server id; null for the guest project held in the browser. */
  id: string | null;
  state: ProjectState;
}

const emptyCatalogue: Catalogue = { products: [], types: {}, categories: [], fabrics: [] };

export const blankProject = (): EditorProject => ({ id: null, state: 'D', name: '', fabrics: [], additional_notes: '' });

export const newId = (): string =>
  typeof globalThis.crypto?.randomUUID === 'function'
    ? globalThis.crypto.randomUUID()
    : `f-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export interface EditorState {
  /** The route id the editor holds: a project id, 'guest', or null before entering. */
  projectId: string | null;
  project: EditorProject | null;
  /**
   * The project as the server last answered it (dates, cost, shipment); null for the guest project.
   * Its `revision` is what the editor's copy is based on: every write sends it back.
   */
  detail: ProjectDetail | null;
  catalogue: Catalogue;
  /** The stream revision this browser last wrote per project, so opening it reads that write. */
  revisions: Record<string, number>;
  error: string | null;
  saving: boolean;
  dirty: boolean;

  /**
   * Opens the project of a route id as read (TanStack Query, api/queries.ts): the server's project,
   * or for 'guest' the one kept in this browser. From here on it is the customer's draft.
   */
  open: (id: string, detail: ProjectDetail | null, catalogue: Catalogue) => void;
  /** Leaving the route of a project deleted here: the id is let go, so coming back reads it again. */
  leave: (id: string) => void;
  reset: () => void;

  setDetails: (patch: Partial<Pick<EditorProject, 'name' | 'category' | 'additional_notes'>>) => void;
  addFabric: () => void;
  updateFabric: (fabricIndex: number, patch: Partial<Omit<Fabric, 'items'>>) => void;
  removeFabric: (fabricIndex: number) => void;
  addItem: (fabricIndex: number, type: ProductTypeCode) => void;
  updateItem: (fabricIndex: number, itemIndex: number, patch: Partial<LineItem>) => void;
  /** SPEC §4: choosing a style resets the other choices, then applies the style's rule. */
  chooseStyle: (fabricIndex: number, itemIndex: number, style: string) => void;
  removeItem: (fabricIndex: number, itemIndex: number) => void;

  /**
   * An image upload recorded a change of the project at `revision`. When that was the very next
   * revision, the editor's copy is still current (the upload is ours); otherwise someone else
   * changed the project meanwhile and the base stays, so the next save is refused as stale.
   */
  uploaded: (revision: number | null) => void;
  /** Saves: the guest project to local storage, a server project with PUT. */
  save: () => Promise<EditorProject>;
  /** Saves the browser's project as a new server project (a logged-in user); returns its id. */
  saveAsNew: () => Promise<string>;
  /** Validates, then PUT with state R. Rejects with the problems when any remain. */
  submit: () => Promise<void>;
  copy: () => Promise<string>;
  remove: () => Promise<void>;
  /** POST /guests/: the guest's project goes to the server and a profile-completion link is mailed. */
  registerGuest: (email: string) => Promise<{ projectId: string | null; message: string | null }>;
}

export class EditorValidationError extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(problems[0]?.message ?? 'Please check the project.');
    this.name = 'EditorValidationError';
  }
}

export function draftOf(project: EditorProject): ProjectDraft {
  return {
    name: project.name,
    ...(project.category ? { category: project.category } : {}),
    fabrics: project.fabrics,
    additional_notes: project.additional_notes ?? '',
    ...(project.notes ? { notes: project.notes } : {}),
    ...(project.shipping_notes ? { shipping_notes: project.shipping_notes } : {}),
    ...(project.shipping_cost !== undefined ? { shipping_cost: project.shipping_cost } : {}),
  };
}

function fromDetail(detail: ProjectDetail): EditorProject {
  return {
    id: detail.id,
    state: detail.state,
    name: detail.name,
    ...(detail.category ? { category: detail.category } : {}),
    fabrics: detail.fabrics,
    additional_notes: detail.additional_notes,
    notes: detail.notes,
    shipping_notes: detail.shipping_notes,
    shipping_cost: detail.shipping_cost,
  };
}

/** A product id for a fresh item of a type: the custom placeholder for X, else the type's first product. */
function startingProductId(type: ProductTypeCode, catalogue: Catalogue): number {
  if (type === 'X') return CUSTOM_PRODUCT_ID;
  return catalogue.products.find((p) => p.product_type === type)?.product_id ?? 1;
}

/** Keeps product_id pointing at the catalogue product the item now stands for. */
function withMatchedProduct(item: LineItem, catalogue: Catalogue): LineItem {
  if (item.product_id === CUSTOM_PRODUCT_ID || item.product_type === 'X') return item;
  const match = matchItemProduct(item, catalogue.products);
  return match.kind === 'matched' && match.product.product_id !== item.product_id ? { ...item, product_id: match.product.product_id } : item;
}

export const useEditorStore = create<EditorState>()((set, get) => {
  const remember = (detail: ProjectDetail) => {
    const { id, revision } = detail;
    if (id && revision !== undefined) set((s) => ({ revisions: { ...s.revisions, [id]: revision } }));
  };
  /** Applies a change to the project; the guest project is written through to local storage. */
  const change = (update: (project: EditorProject) => EditorProject) => {
    const current = get().project;
    if (!current) return;
    const project = update(current);
    set({ project, dirty: true });
    if (get().projectId === GUEST_ID) writeGuestProject(draftOf(project));
  };
  const changeFabric = (fabricIndex: number, update: (fabric: Fabric) => Fabric) =>
    change((p) => ({ ...p, fabrics: p.fabrics.map((f, i) => (i === fabricIndex ? update(f) : f)) }));
  const changeItem = (fabricIndex: number, itemIndex: number, update: (item: LineItem) => LineItem) =>
    changeFabric(fabricIndex, (f) => ({ ...f, items: f.items.map((item, j) => (j === itemIndex ? update(item) : item)) }));

  /** The revision the editor's copy was read or last saved at; -1 (always stale) if the server named none. */
  const baseRevision = () => get().detail?.revision ?? -1;

  const persist = async (state: ProjectState): Promise<EditorProject> => {
    const { project, projectId } = get();
    if (!project) throw new Error('No project is open.');
    if (projectId === GUEST_ID || !project.id) {
      writeGuestProject(draftOf(project));
      set({ dirty: false });
      return project;
    }
    set({ saving: true, error: null });
    try {
      const detail = await updateProject({ ...draftOf(project), id: project.id, state, revision: baseRevision() });
      remember(detail);
      const saved = fromDetail(detail);
      // A write may answer with less than the whole project; what was sent stays in that case.
      const fabrics = saved.fabrics.length > 0 || project.fabrics.length === 0 ? saved.fabrics : project.fabrics;
      const merged: EditorProject = { ...project, ...saved, id: saved.id || project.id, fabrics, state: detail.state === 'D' && state === 'R' ? 'R' : saved.state };
      set({ project: merged, detail: { ...detail, id: merged.id ?? detail.id, state: merged.state, fabrics }, dirty: false, saving: false });
      return merged;
    } catch (error) {
      set({ saving: false, error: errorMessage(error) });
      throw error;
    }
  };

  return {
    projectId: null,
    project: null,
    detail: null,
    catalogue: emptyCatalogue,
    revisions: {},
    error: null,
    saving: false,
    dirty: false,

    open: (id, detail, catalogue) => {
      const project = detail ? fromDetail(detail) : { ...blankProject(), ...(readGuestProject() ?? {}) };
      set({ projectId: id, project, detail, catalogue, error: null, dirty: false });
    },

    leave: (id) => {
      if (get().projectId === id && !get().project) set({ projectId: null });
    },

    reset: () => set({ projectId: null, project: null, detail: null, error: null, dirty: false, saving: false }),

    setDetails: (patch) => change((p) => ({ ...p, ...patch })),
    addFabric: () => change((p) => ({ ...p, fabrics: [...p.fabrics, { id: newId(), name: '', source: 'customer', items: [] }] })),
    updateFabric: (fabricIndex, patch) => changeFabric(fabricIndex, (f) => ({ ...f, ...patch })),
    removeFabric: (fabricIndex) => change((p) => ({ ...p, fabrics: p.fabrics.filter((_, i) => i !== fabricIndex) })),
    addItem: (fabricIndex, type) => {
      const { catalogue } = get();
      const item: LineItem = {
        product_id: startingProductId(type, catalogue),
        product_type: type,
        quantity: 1,
        images: [null, null, null],
        ...(type === 'X' ? { product_style: 'Custom', has_upholstery: null } : {}),
        ...(type === 'R' ? { product_style: 'Reupholstery', has_upholstery: true } : {}),
      };
      changeFabric(fabricIndex, (f) => ({ ...f, items: [...f.items, item] }));
    },
    updateItem: (fabricIndex, itemIndex, patch) =>
      changeItem(fabricIndex, itemIndex, (item) => withMatchedProduct({ ...item, ...patch }, get().catalogue)),
    chooseStyle: (fabricIndex, itemIndex, style) =>
      changeItem(fabricIndex, itemIndex, (item) => applyChosenStyle(item, style, get().catalogue.products)),
    removeItem: (fabricIndex, itemIndex) => changeFabric(fabricIndex, (f) => ({ ...f, items: f.items.filter((_, j) => j !== itemIndex) })),

    uploaded: (revision) => {
      const { detail } = get();
      if (detail && revision !== null && revision === baseRevision() + 1) set({ detail: { ...detail, revision } });
    },

    save: () => persist(get().project?.state ?? 'D'),

    saveAsNew: async () => {
      const { project } = get();
      if (!project) throw new Error('No project is open.');
      set({ saving: true, error: null });
      try {
        const created = await createProject(draftOf(project));
        remember(created);
        clearGuestProject();
        set({
          saving: false,
          dirty: false,
          projectId: created.id,
          project: { ...project, ...fromDetail(created), fabrics: created.fabrics.length > 0 ? created.fabrics : project.fabrics },
          // The new project's revision is the base of the next save.
          detail: created,
        });
        return created.id;
      } catch (error) {
        set({ saving: false, error: errorMessage(error) });
        throw error;
      }
    },

    submit: async () => {
      const { project, catalogue } = get();
      if (!project) throw new Error('No project is open.');
      const problems = validateProjectDraft(project, catalogue.products);
      if (problems.length > 0) {
        set({ error: problems[0]?.message ?? null });
        throw new EditorValidationError(problems);
      }
      await persist('R');
    },

    copy: async () => {
      const { project, dirty } = get();
      if (!project?.id) throw new Error('Save the project before copying it.');
      // The server copies the stored project, so unsaved edits to a draft are saved first.
      if (dirty && project.state === 'D') await persist('D');
      set({ saving: true, error: null });
      try {
        const copy = await copyProject(project.id);
        remember(copy);
        set({ saving: false });
        return copy.id;
      } catch (error) {
        set({ saving: false, error: errorMessage(error) });
        throw error;
      }
    },

    remove: async () => {
      const { project, projectId } = get();
      if (projectId === GUEST_ID || !project?.id) {
        clearGuestProject();
        set({ project: blankProject(), dirty: false });
        return;
      }
      set({ saving: true, error: null });
      try {
        await deleteProject(project.id, baseRevision());
        // The id stays entered while the page moves on, so the deleted project is not read again.
        set({ saving: false, project: null, detail: null });
      } catch (error) {
        set({ saving: false, error: errorMessage(error) });
        throw error;
      }
    },

    registerGuest: async (email) => {
      const { project } = get();
      if (!project) throw new Error('No project is open.');
      set({ saving: true, error: null });
      try {
        const answer = await createGuest(email.trim(), draftOf(project));
        // The project now lives on the server; the browser's copy has done its job.
        clearGuestProject();
        // Until the link is used, the header and the editor show the guest what is waiting for them.
        if (answer.projectId) writePendingRegistration({ email: email.trim().toLowerCase(), projectId: answer.projectId, projectName: project.name, ...(answer.message ? { message: answer.message } : {}) });
        set({ saving: false, dirty: false });
        return answer;
      } catch (error) {
        set({ saving: false, error: errorMessage(error) });
        throw error;
      }
    },
  };
});

/** The editor's categories: the served ones plus R and X (SPEC §3). */
export function categoriesOf(catalogue: Catalogue): Category[] {
  return editorCategories(catalogue.categories);
}

/** Every SPEC §5 problem of the open project, from the same domain validator the server runs. */
export function projectProblems(project: EditorProject | null, catalogue: Catalogue): FieldProblem[] {
  return project ? validateProjectDraft(project, catalogue.products) : [];
}
