import { Link } from 'react-router-dom';
import { paths, to } from '../../../lib/paths';
import { formatCents, formatDate } from '../../../lib/format';
import { internalStateOrder, productionStateLabel, projectStateLabel } from '../../../lib/project-labels';
import { useProjectList } from '../../../lib/use-project-list';
import { ProjectFilters } from '../../../components/ProjectFilters';
import { ProjectListTable } from '../../../components/ProjectListTable';
import { fetchInternalProjects } from '../api/internal-projects';
import { internalProjectKeys } from '../api/queries';
import type { InternalProjectSummary } from '../api/internal-projects';
import { CatchingUp } from '../../../components/CatchingUp';

/** The customer column: name and e-mail, as the server resolved them (never the id). */
function customerLabel(p: InternalProjectSummary): string {
  if (p.user_name && p.user_email) return `${p.user_name} · ${p.user_email}`;
  return p.user_name || p.user_email || p.user_in_words || '';
}

/** /internal/projects/: all projects with state and name filters and a readiness column. */
export function InternalProjectListPage() {
  const { state, setState, name, setName, load, showMore } = useProjectList(internalProjectKeys.list, fetchInternalProjects);

  return (
    <section>
      <div className="page-heading">
        <h1>Internal projects</h1>
        <Link to={paths.internalTransfer}>Transfer a project</Link>
      </div>
      <CatchingUp readModels={['projects', 'users']} />
      <ProjectFilters idPrefix="internal" states={internalStateOrder} state={state} onStateChange={setState} name={name} onNameChange={setName} />
      <ProjectListTable
        load={load}
        onShowMore={showMore}
        empty="No projects match."
        columns={['Order', 'Name', 'Customer', 'State', 'Production', 'Readiness', 'Submitted', 'Due', 'Total']}
        cells={(p) => (
          <>
            <td className="order-number">{p.order_label}</td>
            <td>
              <Link to={to.internalProject(p.id)}>{p.name || 'Untitled project'}</Link>
            </td>
            <td>{customerLabel(p)}</td>
            <td>{projectStateLabel(p.state)}</td>
            <td>{productionStateLabel(p.production_state)}</td>
            <td>{p.readiness ?? ''}</td>
            <td>{formatDate(p.submitted)}</td>
            <td>{formatDate(p.due)}</td>
            <td>{formatCents(p.total)}</td>
          </>
        )}
      />
    </section>
  );
}
