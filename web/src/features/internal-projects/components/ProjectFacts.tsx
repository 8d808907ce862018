import { deliveryTypeLabel, productionStateLabels, projectStateLabels } from '@shop/domain';
import { formatDate } from '../../../lib/format';
import type { InternalProject } from '../api/internal-projects';

/** The facts staff look at first: states, customer, dates, delivery and tracking. */
export function ProjectFacts({ project, customer }: { project: InternalProject; customer: { name: string; email: string } | null }) {
  return (
    <dl className="facts">
      <dt>State</dt>
      <dd>{projectStateLabels[project.state]}</dd>
      <dt>Production</dt>
      <dd>{productionStateLabels[project.production_state]}</dd>
      {project.readiness && (
        <>
          <dt>Readiness</dt>
          <dd>{project.readiness}</dd>
        </>
      )}
      <dt>Customer</dt>
      <dd>{customer ? `${customer.name} <${customer.email}>` : project.user}</dd>
      <dt>Submitted</dt>
      <dd>{formatDate(project.submitted) || '—'}</dd>
      <dt>Due</dt>
      <dd>{formatDate(project.due) || '—'}</dd>
      <dt>Production time</dt>
      <dd>{project.production_time} Weeks</dd>
      <dt>Delivery</dt>
      <dd>{project.shipping_notes.delivery_type === undefined ? '—' : deliveryTypeLabel(project.shipping_notes.delivery_type)}</dd>
      {project.shipment?.tracking_url && (
        <>
          <dt>Tracking</dt>
          <dd>
            <a href={project.shipment.tracking_url} target="_blank" rel="noreferrer">
              {project.shipment.carrier?.toUpperCase()} {project.shipment.tracking_number}
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}
