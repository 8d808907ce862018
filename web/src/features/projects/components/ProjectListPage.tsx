import { Link } from 'react-router-dom';
import { paths, to } from '../../../lib/paths';
import { formatCents, formatDate } from '../../../lib/format';
import { customerStateOrder, projectStateLabel } from '../../../lib/project-labels';
import { queryKeys } from '../../../lib/query-keys';
import { useProjectList } from '../../../lib/use-project-list';
import { ProjectFilters } from '../../../components/ProjectFilters';
import { ProjectListTable } from '../../../components/ProjectListTable';
import { fetchProjects } from '../api/projects';
import { CatchingUp } from '../../../components/CatchingUp';

/** /projects: the customer's projects with state and name filters, a page at a time. */
export function ProjectListPage() {
  const { state, setState, name, setName, load, showMore } = useProjectList(queryKeys.projectList, fetchProjects);

  return (
    <section>
      <div className="page-heading">
        <h1>Projects</h1>
        <Link to={paths.projectCreate} className="button">
          New project
        </Link>
      </div>
      <CatchingUp readModels={['projects']} />
      <ProjectFilters idPrefix="project" states={customerStateOrder} state={state} onStateChange={setState} name={name} onNameChange={setName} />
      <ProjectListTable
        stackOnPhone
        load={load}
        onShowMore={showMore}
        empty="No projects yet. Start one with “New project”."
        columns={['Order', 'Name', 'State', 'Created', 'Updated', 'Due', 'Total']}
        cells={(p) => (
          <>
            <td className="order-number" data-label="Order">
              {p.order_label}
            </td>
            <td data-label="Name">
              <Link to={p.state === 'D' ? to.projectEdit(p.id) : to.projectSummary(p.id)}>{p.name || 'Untitled project'}</Link>
            </td>
            <td data-label="State">{projectStateLabel(p.state)}</td>
            <td data-label="Created">{formatDate(p.created)}</td>
            <td data-label="Updated">{formatDate(p.updated)}</td>
            <td data-label="Due">{formatDate(p.due)}</td>
            <td data-label="Total">{formatCents(p.total)}</td>
          </>
        )}
      />
    </section>
  );
}
