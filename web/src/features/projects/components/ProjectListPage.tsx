import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths, to } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api-client';
import { formatCents, formatDate } from '../../../lib/format';
import { customerStateOrder, projectStateLabel } from '../../../lib/project-labels';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { fetchProjects, type ProjectSummary } from '../api/projects';

type Load = { kind: 'loading' } | { kind: 'ready'; projects: ProjectSummary[] } | { kind: 'failed'; message: string };

/** /projects: the customer's projects with state and name filters. */
export function ProjectListPage() {
  const [state, setState] = useState('');
  const [name, setName] = useState('');
  const debouncedName = useDebouncedValue(name.trim(), 300);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    setLoad({ kind: 'loading' });
    fetchProjects({ state, name: debouncedName }).then(
      (projects) => current && setLoad({ kind: 'ready', projects }),
      (error: unknown) => current && setLoad({ kind: 'failed', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [state, debouncedName]);

  return (
    <section>
      <div className="page-heading">
        <h1>Projects</h1>
        <Link to={paths.projectCreate} className="button">
          New project
        </Link>
      </div>
      <form className="filters" role="search" aria-label="Filter projects" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="project-state-filter">State</label>
          <select id="project-state-filter" value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">All states</option>
            {customerStateOrder.map((code) => (
              <option key={code} value={code}>
                {projectStateLabel(code)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="project-name-filter">Name</label>
          <input id="project-name-filter" type="search" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
      </form>
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
        </div>
      )}
    </section>
  );
}
