import type { CatalogueProduct } from '@shop/domain';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { QuoteTable } from '../../../components/QuoteTable';
import { errorMessage } from '../../../lib/api-client';
import { to } from '../../../lib/paths';
import { fetchCatalogueProducts } from '../api/catalogue';
import { fetchAuditLog, fetchCustomer, fetchInternalProject, updateInternalProject, type AuditEntry, type InternalProject, type InternalUpdate } from '../api/internal-projects';
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

type Load = { kind: 'loading' } | { kind: 'ready'; project: InternalProject } | { kind: 'failed'; message: string };

/** /internal/projects/{id}: staff edit, pricing, workflow, notes, e-mails, activity and the full audit log with time travel. */
export function InternalProjectDetailPage() {
  const { id = '' } = useParams();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [products, setProducts] = useState<CatalogueProduct[]>([]);
  const [audit, setAudit] = useState<AuditEntry[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [customer, setCustomer] = useState<{ name: string; email: string } | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const reloadAudit = useCallback(() => {
    fetchAuditLog(id).then(setAudit, () => setAudit([]));
  }, [id]);

  useEffect(() => {
    let current = true;
    setLoad({ kind: 'loading' });
    fetchInternalProject(id).then(
      (project) => current && setLoad({ kind: 'ready', project }),
      (error: unknown) => current && setLoad({ kind: 'failed', message: errorMessage(error) }),
    );
    fetchCatalogueProducts().then((list) => current && setProducts(list), () => undefined);
    void fetchCustomer(id).then((found) => current && setCustomer(found));
    reloadAudit();
    return () => {
      current = false;
    };
  }, [id, reloadAudit]);

  /** Runs a staff action that answers the updated project. */
  const act = async (action: () => Promise<InternalProject>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const written = await action();
      // Writes answer without the read side's activity log: read the project again once projected.
      const project = await fetchInternalProject(id, written.revision).catch(() => written);
      setLoad({ kind: 'ready', project });
      setMessage({ kind: 'success', text: done });
      reloadAudit();
      return true;
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const update = (body: InternalUpdate, done: string) => act(() => updateInternalProject(id, body), done);

  if (load.kind === 'loading') return <p role="status">Loading project…</p>;
  if (load.kind === 'failed')
    return (
      <section>
        <h1>Internal project detail</h1>
        <Alert>{load.message}</Alert>
      </section>
    );
  const project = load.project;
  // Forms start from the project as loaded; a new revision starts them afresh.
  const version = project.revision ?? project.updated;

  return (
    <section className="internal-detail">
      <div className="page-heading">
        <h1>Internal project detail</h1>
        <Link to={to.internalProjectPdf(project.id || id)}>Printable work order</Link>
      </div>
      <h2 className="project-name">{project.name || 'Untitled project'}</h2>
      <ProjectFacts project={project} customer={customer} />

      {message && <Alert kind={message.kind}>{message.text}</Alert>}

      <Panel title="Quote">
        <QuoteTable fabrics={project.fabrics} cost={projectCost(project)} caption="Current quote" />
      </Panel>

      <PricingForm key={`pricing-${version}`} project={project} products={products} busy={busy} onSave={update} />
      <DetailsForm key={`details-${version}`} project={project} busy={busy} onSave={update} />
      <WorkflowPanel key={`workflow-${version}`} project={project} busy={busy} onSave={update} />
      <EmailsPanel project={project} busy={busy} act={act} />
      <NotesPanel project={project} busy={busy} act={act} />
      <ActivityLog activity={project.activity} />
      <AuditLog projectId={id} audit={audit} />
    </section>
  );
}
