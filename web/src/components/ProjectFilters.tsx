import type { ProjectState } from '@shop/domain';
import { projectStateLabel } from '../lib/project-labels';

interface Props {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  /** The states offered, in the list's own SPEC §4 order. */
  states: readonly ProjectState[];
  state: string;
  onStateChange: (state: string) => void;
  name: string;
  onNameChange: (name: string) => void;
}

/** The state and name filters of a project list. */
export function ProjectFilters({ idPrefix, states, state, onStateChange, name, onNameChange }: Props) {
  return (
    <form className="filters" role="search" aria-label="Filter projects" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor={`${idPrefix}-state-filter`}>State</label>
        <select id={`${idPrefix}-state-filter`} value={state} onChange={(e) => onStateChange(e.target.value)}>
          <option value="">All states</option>
          {states.map((code) => (
            <option key={code} value={code}>
              {projectStateLabel(code)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-name-filter`}>Name or order number</label>
        <input id={`${idPrefix}-name-filter`} type="search" value={name} onChange={(e) => onNameChange(e.target.value)} />
      </div>
    </form>
  );
}
