import { Link } from 'react-router-dom';
import { paths, to } from '../../../lib/paths';
import { Alert } from '../../../components/Alert';
import { formatCents, formatDate } from '../../../lib/format';
import { customerStateOrder, projectStateLabel } from '../../../lib/project-labels';
import { queryKeys } from '../../../lib/query-keys';
import { useProjectList } from '../../../lib/use-project-list';
import { ProjectFilters, ShowMore } from '../../../components/ProjectFilters';
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
      {load.kind === 'loading' && <p role="status">Loading projects…</p>}
      {load.kind === 'failed' && <Alert>{load.message}</Alert>}
      {load.kind === 'ready' && load.projects.length === 0 && <p>No projects yet. Start one with “New project”.</p>}
      {load.kind === 'ready' && load.projects.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col">Created</th>
                <th scope="col">Updated</th>
                <th scope="col">Due</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {load.projects.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={p.state === 'D' ? to.projectEdit(p.id) : to.projectSummary(p.id)}>{p.name || 'Untitled project'}</Link>
                  </td>
                  <td>{projectStateLabel(p.state)}</td>
                  <td>{formatDate(p.created)}</td>
                  <td>{formatDate(p.updated)}</td>
                  <td>{formatDate(p.due)}</td>
                  <td>{formatCents(p.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ShowMore visible={load.hasMore} busy={load.loadingMore} onClick={showMore} />
        </div>
      )}
    </section>
  );
}
