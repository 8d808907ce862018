import type { ReactNode } from 'react';
import { Alert } from './Alert';
import type { ProjectListLoad } from '../lib/use-project-list';

interface Props<T> {
  load: ProjectListLoad<T>;
  onShowMore: () => void;
  /** What the page says when no project is there (or matches). */
  empty: string;
  columns: readonly string[];
  /** The cells of one project's row, in the order of `columns`. */
  cells: (project: T) => ReactNode;
  /** On a phone, one block per project, each cell under its `data-label` (customer pages, issue 53). */
  stackOnPhone?: boolean;
}

/**
 * A page of a project list (useProjectList) as a table: loading, failed, empty, or the rows
 * with "Show more" under them while the last page was full. The pages differ only in their columns.
 */
export function ProjectListTable<T extends { id: string | number }>({ load, onShowMore, empty, columns, cells, stackOnPhone = false }: Props<T>) {
  if (load.kind === 'loading') return <p role="status">Loading projects…</p>;
  if (load.kind === 'failed') return <Alert>{load.message}</Alert>;
  if (load.projects.length === 0) return <p>{empty}</p>;
  return (
    <div className="table-wrap">
      <table className={stackOnPhone ? 'stack-on-phone' : undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {load.projects.map((project) => (
            <tr key={project.id}>{cells(project)}</tr>
          ))}
        </tbody>
      </table>
      <ShowMore visible={load.hasMore} busy={load.loadingMore} onClick={onShowMore} />
    </div>
  );
}

/** "Show more" under a list whose last page was full. */
function ShowMore({ visible, busy, onClick }: { visible: boolean; busy: boolean; onClick: () => void }) {
  if (!visible) return null;
  return (
    <button type="button" onClick={onClick} disabled={busy}>
      {busy ? 'Loading…' : 'Show more'}
    </button>
  );
}
