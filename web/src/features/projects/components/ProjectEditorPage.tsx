import { emailProblem, formatPrice, quoteLineItemPrice, type FieldProblem } from '@shop/domain';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { paths, to } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { selectIsGuest, selectLoggedIn, selectSessionReady, useSessionStore } from '../../../lib/session/session-store';
import { categoriesOf, EditorValidationError, GUEST_ID, projectProblems, useEditorStore, type EditorProject } from '../stores/editor-store';
import type { Catalogue } from '../api/catalogue';
import { useAfterProjectWrite, useEditorCatalogue, useFollowedProject, useProjectDetail, useSeedFollowedProject } from '../api/queries';
import { FabricEditor } from './FabricEditor';
import { RegistrationPending } from './RegistrationPending';
import { FieldMessage, firstMessage } from './field-problems';
import { useStartingType } from './use-starting-type';

/** /projects/editor/: with no id the editor opens at the guest edit route (SPEC §2). */
export function ProjectCreatePage() {
  return <Navigate to={to.projectEdit(GUEST_ID)} replace />;
}

/**
 * Opens a route id in the editor store, following SPEC §2: a visitor who is not logged in and
 * whose id is not guest goes to /; a different id clears the project, loads products and fabrics,
 * then the project (TanStack Query), which the store then holds as the draft. Renders `children`
 * once the project is there.
 */
export function useEditorRoute(): { id: string; gate: 'session' | 'home' | 'loading' | 'failed' | 'ready'; error: string | null } {
  const { id = GUEST_ID } = useParams();
  const sessionReady = useSessionStore(selectSessionReady);
  const loggedIn = useSessionStore(selectLoggedIn);
  const allowed = id === GUEST_ID || loggedIn;
  const open = useEditorStore((s) => s.open);
  // Once the store holds the project, it is the customer's draft: only a newer read replaces it, never unsaved changes.
  const entered = useEditorStore((s) => s.projectId === id);
  const hasProject = useEditorStore((s) => s.project !== null);
  const afterRevision = useEditorStore((s) => s.revisions[id]);
  const wanted = sessionReady && allowed && !entered;
  const catalogue = useEditorCatalogue(wanted);
  const detail = useProjectDetail(id, afterRevision, wanted && id !== GUEST_ID && catalogue.isSuccess);
  const seedFollowed = useSeedFollowedProject();

  // Hands what was read to the store (not a loader: the queries above read it).
  useEffect(() => {
    if (!wanted || !catalogue.data) return;
    if (id === GUEST_ID) open(id, null, catalogue.data);
    else if (detail.data) {
      seedFollowed(id, detail.data);
      open(id, detail.data, catalogue.data);
    }
  }, [wanted, id, catalogue.data, detail.data, open, seedFollowed]);
  useEffect(() => () => useEditorStore.getState().leave(id), [id]);

  // The project kept from an earlier visit (or shown while someone else changes it) is replaced by
  // a newer one the server has, unless the customer has unsaved changes in it.
  const followed = useFollowedProject(id, afterRevision, entered && id !== GUEST_ID);
  useEffect(() => {
    const newer = followed.data;
    const store = useEditorStore.getState();
    if (!newer || store.projectId !== id || store.dirty || store.saving) return;
    if ((newer.revision ?? -1) > (store.detail?.revision ?? -1)) open(id, newer, store.catalogue);
  }, [followed.data, id, open]);

  if (!sessionReady) return { id, gate: 'session', error: null };
  if (!allowed) return { id, gate: 'home', error: null };
  // Read again (a live push says so) and refused: staff moved the project to another account meanwhile.
  if (entered && isLost(followed.error)) return { id, gate: 'failed', error: LOST_PROJECT };
  if (entered) return { id, gate: hasProject ? 'ready' : 'loading', error: null };
  const failure = catalogue.error ?? detail.error;
  if (failure) return { id, gate: 'failed', error: errorMessage(failure) };
  return { id, gate: 'loading', error: null };
}

const LOST_PROJECT = 'This project is no longer in your account: it may have been moved to another one.';
const isLost = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404);

/** /projects/editor/{id}/edit (id may be guest): the project editor. */
export function ProjectEditorPage() {
  const guestSession = useSessionStore(selectIsGuest);
  const { id = GUEST_ID } = useParams();
  // A guest who already sent their link has a saved project and no new one to save here.
  if (guestSession && id === GUEST_ID) return <RegistrationPending />;
  return <ProjectEditorRoute />;
}

function ProjectEditorRoute() {
  const route = useEditorRoute();
  const project = useEditorStore((s) => s.project);
  if (route.gate === 'session' || route.gate === 'loading') return <p role="status">Loading project…</p>;
  if (route.gate === 'home') return <Navigate to={paths.landing} replace />;
  if (route.gate === 'failed' || !project)
    return (
      <section>
        <h1>Project editor</h1>
        <Alert>{route.error ?? 'This project could not be loaded.'}</Alert>
      </section>
    );
  // SPEC §2: a project that is no longer a draft opens at its summary.
  if (project.state !== 'D') return <Navigate to={to.projectSummary(route.id)} replace />;
  return <ProjectEditor routeId={route.id} />;
}

/** The line totals added up; 'Price TBD' while any line has no price, or while there is no line at all. */
export function projectPreviewTotal(project: EditorProject, catalogue: Catalogue): number | null {
  if (project.fabrics.every((fabric) => fabric.items.length === 0)) return null;
  let total = 0;
  for (const fabric of project.fabrics) {
    for (const item of fabric.items) {
      const price = quoteLineItemPrice(item, fabric, catalogue.products);
      if (price === null) return null;
      total += price;
    }
  }
  return total;
}

export function ProjectEditor({ routeId }: { routeId: string }) {
  const id = useId();
  const navigate = useNavigate();
  const project = useEditorStore((s) => s.project) as EditorProject;
  const catalogue = useEditorStore((s) => s.catalogue);
  const saving = useEditorStore((s) => s.saving);
  const storeError = useEditorStore((s) => s.error);
  const { setDetails, addFabric, save, saveAsNew, submit, copy, remove } = useEditorStore.getState();
  const loggedIn = useSessionStore(selectLoggedIn);
  const guestSession = useSessionStore(selectIsGuest);
  const afterWrite = useAfterProjectWrite();
  const isGuest = routeId === GUEST_ID;
  useStartingType();

  const problems: FieldProblem[] = useMemo(() => projectProblems(project, catalogue), [project, catalogue]);
  const categories = useMemo(() => categoriesOf(catalogue), [catalogue]);
  const total = projectPreviewTotal(project, catalogue);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [submitTried, setSubmitTried] = useState(false);
  const acting = useRef(false);
  const fabricsError = firstMessage(problems, 'fabrics');

  /**
   * Failures are kept in the store's `error` (shown below); validation problems beside their fields.
   * A write changes what the project list and the project's reads show, so they are refreshed.
   */
  async function run(action: () => Promise<void>) {
    // One action at a time: a second click (Save twice in quick succession) before the first's
    // answer does nothing; the buttons are disabled only once React has rendered `saving`.
    if (acting.current) return;
    acting.current = true;
    setNotice(null);
    try {
      await action();
      afterWrite();
    } catch (error) {
      if (!(error instanceof EditorValidationError) && !useEditorStore.getState().error) useEditorStore.setState({ error: errorMessage(error) });
    } finally {
      acting.current = false;
    }
  }

  const onSave = () =>
    run(async () => {
      if (isGuest && loggedIn) {
        const newId = await saveAsNew();
        void navigate(to.projectEdit(newId), { replace: true });
        return;
      }
      await save();
      setNotice(isGuest ? 'Saved in this browser. Register below to keep it in your account.' : 'Project saved.');
    });

  const onSubmit = () =>
    run(async () => {
      setSubmitTried(true);
      await submit();
      void navigate(to.projectSummary(routeId));
    });

  const onCopy = () =>
    run(async () => {
      const newId = await copy();
      void navigate(to.projectEdit(newId));
    });

  const onDelete = () =>
    run(async () => {
      await remove();
      setConfirmDelete(false);
      if (isGuest) setNotice('Project deleted.');
      else void navigate(paths.projects);
    });

  return (
    <section className="editor">
      <div className="page-heading">
        <h1>Project editor</h1>
        <p className="editor-total" aria-live="polite">
          Estimated total: <strong data-testid="project-total">{formatPrice(total)}</strong>
        </p>
      </div>
      {isGuest && !loggedIn && (
        <Alert kind="info">
          You are designing as a guest: this project is kept in this browser. Register below to save it and submit it for a quote.
        </Alert>
      )}

      <div className="project-fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>Project name</label>
          <input id={`${id}-name`} value={project.name} maxLength={200} onChange={(e) => setDetails({ name: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select id={`${id}-category`} value={project.category ?? ''} onChange={(e) => setDetails({ category: e.target.value || undefined })}>
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.name} value={c.name}>
                {c.display_name}
              </option>
            ))}
          </select>
        </div>
        <div className="field wide">
          <label htmlFor={`${id}-notes`}>Project notes</label>
          <textarea id={`${id}-notes`} rows={2} value={project.additional_notes ?? ''} onChange={(e) => setDetails({ additional_notes: e.target.value })} />
        </div>
      </div>

      {project.fabrics.map((fabric, fabricIndex) => (
        <FabricEditor
          key={fabricIndex}
          fabric={fabric}
          fabricIndex={fabricIndex}
          catalogue={catalogue}
          categories={categories}
          category={project.category}
          problems={problems}
          projectId={project.id}
        />
      ))}
      <FieldMessage id={`${id}-fabrics-error`} message={fabricsError} />
      <p>
        <button type="button" className="secondary" onClick={addFabric}>
          Add fabric
        </button>
      </p>

      {submitTried && problems.length > 0 && (
        <Alert>
          Please fix {problems.length === 1 ? 'the problem' : `the ${problems.length} problems`} marked above before submitting: {problems[0]?.message}
        </Alert>
      )}
      {storeError && !(submitTried && problems.length > 0) && <Alert>{storeError}</Alert>}
      {notice && <Alert kind="success">{notice}</Alert>}

      <div className="actions editor-actions">
        <button type="button" onClick={() => void onSave()} disabled={saving}>
          {isGuest && loggedIn ? 'Save to my account' : 'Save'}
        </button>
        {!isGuest && (
          <>
            <button type="button" onClick={() => void onSubmit()} disabled={saving}>
              Submit for review
            </button>
            {/* A copy is a new project, which only an account can make. */}
            {!guestSession && (
              <button type="button" className="secondary" onClick={() => void onCopy()} disabled={saving}>
                Copy project
              </button>
            )}
            <Link to={to.projectSummary(routeId)}>View summary</Link>
          </>
        )}
        {!confirmDelete ? (
          <button type="button" className="danger" onClick={() => setConfirmDelete(true)} disabled={saving}>
            Delete project
          </button>
        ) : (
          <span className="confirm" role="group" aria-label="Confirm delete">
            <span>Delete this project?</span>
            <button type="button" className="danger" onClick={() => void onDelete()}>
              Yes, delete
            </button>
            <button type="button" className="secondary" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </span>
        )}
      </div>

      {isGuest && !loggedIn && <GuestRegistration />}
    </section>
  );
}

/** The guest's way out of local storage: POST /guests/, then the e-mailed profile-completion link. */
function GuestRegistration() {
  const id = useId();
  const registerGuest = useEditorStore((s) => s.registerGuest);
  const saving = useEditorStore((s) => s.saving);
  const afterWrite = useAfterProjectWrite();
  const refreshSession = useSessionStore((s) => s.refresh);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = emailProblem(email) ?? undefined;
    setProblem(invalid);
    if (invalid) return;
    setFailure(null);
    try {
      const answer = await registerGuest(email);
      afterWrite();
      setSent(answer.message ?? `We sent a link to ${email.trim()}.`);
      // The save made this browser a guest session: the header and this page now show the pending registration.
      await refreshSession();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  if (sent)
    return (
      <Alert kind="success">
        {sent} Open it to complete your registration; your project will be waiting in your account.
      </Alert>
    );
  return (
    <form className="guest-registration" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Register to keep this project</h2>
      {failure && <Alert>{failure}</Alert>}
      <div className="field">
        <label htmlFor={`${id}-email`}>E-mail</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-email-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FieldMessage id={`${id}-email-error`} message={problem} />
      </div>
      <button type="submit" disabled={saving}>
        Send my registration link
      </button>
    </form>
  );
}
