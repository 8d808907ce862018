import { deliveryTypeLabel, shownCost, projectStateLabels, trackingLink, type Carrier } from '@shop/domain';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { paths, to } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { ProgressSteps } from '../../../components/ProgressSteps';
import { QuoteTable } from '../../../components/QuoteTable';
import { Timeline } from '../../../components/Timeline';
import { UpdatedCue } from '../../../components/UpdatedCue';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useAfterProjectWrite, useProjectTimeline } from '../api/queries';
import { GUEST_ID, useEditorStore } from '../stores/editor-store';
import { useEditorRoute } from './ProjectEditorPage';
import { CatchingUp } from '../../../components/CatchingUp';

const PAID_STATES = ['P', 'I', 'PS', 'C', 'S'];

/** /projects/editor/{id}: the project summary — progress, quote, shipment and the customer timeline. */
export function ProjectSummaryPage() {
  const route = useEditorRoute();
  const navigate = useNavigate();
  const project = useEditorStore((s) => s.project);
  const detail = useEditorStore((s) => s.detail);
  const saving = useEditorStore((s) => s.saving);
  const storeError = useEditorStore((s) => s.error);
  const serverId = route.gate === 'ready' && route.id !== GUEST_ID ? route.id : null;
  const timeline = useProjectTimeline(serverId, detail?.state);
  const afterWrite = useAfterProjectWrite();

  if (route.gate === 'session' || route.gate === 'loading') return <p role="status">Loading project…</p>;
  if (route.gate === 'home') return <Navigate to={paths.landing} replace />;
  if (route.gate === 'failed' || !project)
    return (
      <section>
        <h1>Project summary</h1>
        <Alert>{route.error ?? 'This project could not be loaded.'}</Alert>
      </section>
    );

  const cost = detail?.cost ?? shownCost(project, { paidInFull: PAID_STATES.includes(project.state) });
  const shipment = detail?.shipment;
  const trackingUrl =
    shipment?.tracking_url ??
    (shipment?.carrier && shipment.tracking_number ? trackingLink(shipment.carrier as Carrier, shipment.tracking_number) : null);
  const onCopy = async () => {
    try {
      const newId = await useEditorStore.getState().copy();
      afterWrite();
      void navigate(to.projectEdit(newId));
    } catch {
      // shown from the store's error
    }
  };

  return (
    <section className="summary">
      <div className="page-heading">
        <h1>Project summary</h1>
        <p>
          State: <strong>{projectStateLabels[project.state]}</strong>
        </p>
        {serverId && <UpdatedCue projectId={serverId} />}
      </div>
      <h2 className="project-name">
        {detail && <span className="order-number">{detail.order_label}</span>} {project.name || 'Untitled project'}
      </h2>
      <CatchingUp readModels={['projects', 'project_history']} />
      <ProgressSteps state={project.state} fabricArrived={detail?.fabric_arrived === true} />
      <dl className="facts">
        {detail?.submitted && (
          <>
            <dt>Submitted</dt>
            <dd>{formatDate(detail.submitted)}</dd>
          </>
        )}
        {detail?.due && (
          <>
            <dt>Due</dt>
            <dd>{formatDate(detail.due)}</dd>
          </>
        )}
        {project.shipping_notes?.delivery_type !== undefined && (
          <>
            <dt>Delivery</dt>
            <dd>{deliveryTypeLabel(project.shipping_notes.delivery_type)}</dd>
          </>
        )}
      </dl>
      <QuoteTable fabrics={project.fabrics} cost={cost} />
      {trackingUrl && (
        <p>
          <a href={trackingUrl} target="_blank" rel="noreferrer">
            Track your shipment ({shipment?.carrier?.toUpperCase()} {shipment?.tracking_number})
          </a>
        </p>
      )}
      {storeError && <Alert>{storeError}</Alert>}
      <div className="actions">
        {project.state === 'D' && (
          <Link className="button" to={to.projectEdit(route.id)}>
            Edit project
          </Link>
        )}
        {project.state === 'A' && (
          <Link className="button" to={to.checkout(route.id)}>
            Go to checkout
          </Link>
        )}
        {serverId && (
          <button type="button" className="secondary" disabled={saving} onClick={() => void onCopy()}>
            Copy project
          </button>
        )}
      </div>
      {serverId && (
        <section aria-labelledby="timeline-heading">
          <h2 id="timeline-heading">Timeline</h2>
          {timeline.isPending && <p role="status">Loading timeline…</p>}
          {timeline.isError && <Alert>{errorMessage(timeline.error)}</Alert>}
          {timeline.data && <Timeline steps={timeline.data} />}
        </section>
      )}
    </section>
  );
}
