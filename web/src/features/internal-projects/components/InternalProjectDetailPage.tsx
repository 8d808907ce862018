import { Fragment, useEffect, useState, type ReactNode } from 'react';
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
import { panelPlan, type PanelTitle } from './detail-helpers';
import { CardPaymentsPanel } from './CardPaymentsPanel';
import { DetailsForm } from './DetailsForm';
import { EmailsPanel } from './EmailsPanel';
import { NotesPanel } from './NotesPanel';
import { Panel, PanelFolding } from './Panel';
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
  // The project the forms started from. A change pushed from elsewhere updates the facts, quote and
  // logs at once but leaves the forms (and what was typed in them) on this one, so a save sends the
  // revision the person saw and a stale one is refused instead of silently undoing the other change.
  const [formBase, setFormBase] = useState<InternalProject | null>(null);
  useEffect(() => {
    if (load.data && formBase?.id !== load.data.id) setFormBase(load.data);
  }, [load.data, formBase]);

  /** Runs a staff action that answers the updated project; the outcome shows above the panels. */
  const act = async (run: () => Promise<InternalProject>, done: string) => {
    setMessage(null);
    try {
      setFormBase(await action.mutateAsync(run));
      setMessage({ kind: 'success', text: done });
      return true;
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
      return false;
    }
  };
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
  const base = formBase?.id === project.id ? formBase : project;
  const changedUnderneath = base.revision !== project.revision;
  // The forms' revision goes with their write; forms start afresh when their base moves.
  const update = (body: InternalUpdate, done: string) => act(() => updateInternalProject(base, body), done);
  const version = base.revision;
  // The work of the moment first and open, the rest folded under their titles (issue 53, decision 0318).
  const plan = panelPlan(project.state);
  const panels: Record<PanelTitle, ReactNode> = {
    Production: <WorkflowPanel key={`workflow-${version}`} project={base} busy={busy} onSave={update} />,
    Quote: (
      <Panel title="Quote">
        <QuoteTable fabrics={project.fabrics} cost={projectCost(project)} caption="Current quote" />
      </Panel>
    ),
    Pricing: <PricingForm key={`pricing-${version}`} project={base} products={products.data ?? []} busy={busy} onSave={update} />,
    Details: <DetailsForm key={`details-${version}`} project={base} busy={busy} onSave={update} />,
    'Card payments': <CardPaymentsPanel projectId={project.id || id} />,
    'Customer e-mails': <EmailsPanel project={project} busy={busy} act={act} />,
    Notes: <NotesPanel project={project} busy={busy} act={act} />,
    'Activity log': <ActivityLog activity={project.activity} />,
    'Audit log': <AuditLog projectId={id} audit={audit.data ?? null} />,
  };
  const folded = (title: string) => !plan.open.has(title as PanelTitle);

  return (
    <section className="internal-detail">
      <div className="page-heading">
        <h1>Internal project detail</h1>
        <Link to={to.internalProjectPdf(project.id || id)}>Printable work order</Link>
        <UpdatedCue projectId={project.id || id} />
      </div>
      <h2 className="project-name">
        <span className="order-number">{project.order_label}</span> {project.name || 'Untitled project'}
      </h2>
      <CatchingUp readModels={['projects', 'project_history', 'users']} />
      <ProjectFacts project={project} customer={customer.data ?? null} />

      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      {changedUnderneath && (
        <div role="status" className="changed-underneath">
          <p>Someone else changed this project since these forms were opened. What you typed is kept; saving it will be refused until you start again from the latest.</p>
          <button type="button" onClick={() => setFormBase(project)}>
            Start again from the latest
          </button>
        </div>
      )}

      <PanelFolding.Provider value={folded}>
        {plan.order.map((title) => (
          <Fragment key={title}>{panels[title]}</Fragment>
        ))}
      </PanelFolding.Provider>
    </section>
  );
}
