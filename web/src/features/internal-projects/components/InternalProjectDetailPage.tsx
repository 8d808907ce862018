import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { QuoteTable } from '../../../components/QuoteTable';
import { UpdatedCue } from '../../../components/UpdatedCue';
import { errorMessage } from '../../../lib/api-client';
import { to } from '../../../lib/paths';
import { updateInternalProject, type InternalProject, type InternalUpdate } from '../api/internal-projects';
import { useAuditLog, useCatalogueProducts, useInternalProject, useProjectAction, useProjectCustomer } from '../api/queries';
import { projectCost } from '../lib/project-cost';
import { ActivityLog } from './ActivityLog';
import { AuditLog } from './AuditLog';
import { DetailsForm } from './DetailsForm';
import { EmailsPanel } from './EmailsPanel';
import { NotesPanel } from './NotesPanel';
import { Panel } from './Panel';
import { PricingForm } from './PricingForm';
import { ProjectFacts } from './ProjectFacts';
import { WorkflowPanel } from './WorkflowPanel';
import { CatchingUp } from '../../../components/CatchingUp';

/** /internal/projects/{id}: staff edit, pricing, workflow, notes, e-mails, activity and the full audit log with time travel. */
export function InternalProjectDetailPage() {
  const { id = '' } = useParams();
  const load = useInternalProject(id);
  const products = useCatalogueProducts();
  const customer = useProjectCustomer(id);
  const audit = useAuditLog(id);
  const action = useProjectAction(id);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  /** Runs a staff action that answers the updated project; the outcome shows above the panels. */
  const act = async (run: () => Promise<InternalProject>, done: string) => {
    setMessage(null);
    try {
      await action.mutateAsync(run);
      setMessage({ kind: 'success', text: done });
      return true;
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
      return false;
    }
  };
  // The project this render shows: its revision goes with the write (forms start afresh on a new revision, so it is theirs too).
  const update = (body: InternalUpdate, done: string) => act(() => updateInternalProject(load.data ?? { id, revision: -1 }, body), done);
  const busy = action.isPending;

  if (load.isPending) return <p role="status">Loading project…</p>;
  if (load.isError)
    return (
      <section>
        <h1>Internal project detail</h1>
        <Alert>{errorMessage(load.error)}</Alert>
      </section>
    );
  const project = load.data;
  // Forms start from the project as loaded; a new revision starts them afresh.
  const version = project.revision;

  return (
    <section className="internal-detail">
      <div className="page-heading">
        <h1>Internal project detail</h1>
        <Link to={to.internalProjectPdf(project.id || id)}>Printable work order</Link>
        <UpdatedCue projectId={project.id || id} />
      </div>
      <h2 className="project-name">{project.name || 'Untitled project'}</h2>
      <CatchingUp readModels={['projects', 'project_history', 'users']} />
      <ProjectFacts project={project} customer={customer.data ?? null} />

      {message && <Alert kind={message.kind}>{message.text}</Alert>}

      <Panel title="Quote">
        <QuoteTable fabrics={project.fabrics} cost={projectCost(project)} caption="Current quote" />
      </Panel>

      <PricingForm key={`pricing-${version}`} project={project} products={products.data ?? []} busy={busy} onSave={update} />
      <DetailsForm key={`details-${version}`} project={project} busy={busy} onSave={update} />
      <WorkflowPanel key={`workflow-${version}`} project={project} busy={busy} onSave={update} />
      <EmailsPanel project={project} busy={busy} act={act} />
      <NotesPanel project={project} busy={busy} act={act} />
      <ActivityLog activity={project.activity} />
      <AuditLog projectId={id} audit={audit.data ?? null} />
    </section>
  );
}
