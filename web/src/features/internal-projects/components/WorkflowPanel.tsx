import { carriers, productionStateLabels, productionStates, projectStateLabels, projectStates, type Carrier, type ProductionState, type ProjectState } from '@shop/domain';
import { useId, useState } from 'react';
import type { InternalProject } from '../api/internal-projects';
import { productionWeeks, type Save } from './detail-helpers';
import { Panel } from './Panel';

/** State, production state, fabric arrived, onsite visit, due date, production time, shipping. */
export function WorkflowPanel({ project, busy, onSave }: { project: InternalProject; busy: boolean; onSave: Save }) {
  const uid = useId();
  const [state, setState] = useState<ProjectState>(project.state);
  const [production, setProduction] = useState<ProductionState>(project.production_state);
  const [due, setDue] = useState(project.due?.slice(0, 10) ?? '');
  const [weeks, setWeeks] = useState(project.production_time);
  const [carrier, setCarrier] = useState<Carrier | ''>('');
  const [tracking, setTracking] = useState('');
  const [reason, setReason] = useState('');
  return (
    <Panel title="Production">
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const shipping = state === 'S' ? { carrier: carrier || null, tracking_number: tracking.trim() || null } : {};
          void onSave({ state, ...shipping, ...(reason ? { reason, message: reason } : {}) }, `State changed to ${projectStateLabels[state]}.`);
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-state`}>Project state</label>
          <select id={`${uid}-state`} value={state} onChange={(e) => setState(e.target.value as ProjectState)}>
            {projectStates.map((code) => (
              <option key={code} value={code}>
                {projectStateLabels[code]}
              </option>
            ))}
          </select>
        </div>
        {state === 'S' && (
          <>
            <div className="field">
              <label htmlFor={`${uid}-carrier`}>Carrier</label>
              <select id={`${uid}-carrier`} value={carrier} onChange={(e) => setCarrier(e.target.value as Carrier | '')}>
                <option value="">None (pick-up or our delivery)</option>
                {carriers.map((c) => (
                  <option key={c} value={c}>
                    {c.toUpperCase()}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${uid}-tracking`}>Tracking number</label>
              <input id={`${uid}-tracking`} value={tracking} onChange={(e) => setTracking(e.target.value)} />
            </div>
          </>
        )}
        {(state === 'D' || state === 'X') && state !== project.state && (
          <div className="field">
            <label htmlFor={`${uid}-reason`}>Reason</label>
            <input id={`${uid}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
        )}
        <button type="submit" disabled={busy || state === project.state}>
          Change state
        </button>
      </form>

      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave({ production_state: production }, `Production state changed to ${productionStateLabels[production]}.`);
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-production`}>Production state</label>
          <select id={`${uid}-production`} value={production} onChange={(e) => setProduction(e.target.value as ProductionState)}>
            {productionStates.map((code) => (
              <option key={code} value={code}>
                {productionStateLabels[code]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy || production === project.production_state || project.state !== 'I'}>
          Update production state
        </button>
        {project.state !== 'I' && <p className="field-hint">Production states change while the project is In Progress.</p>}
      </form>

      <div className="inline-form">
        <button type="button" disabled={busy || project.fabric_arrived} onClick={() => void onSave({ fabric_arrived: true }, 'Fabric marked as arrived.')}>
          {project.fabric_arrived ? 'Fabric arrived ✓' : 'Mark fabric arrived'}
        </button>
        <button type="button" disabled={busy || project.onsite_complete} onClick={() => void onSave({ onsite_complete: true }, 'Onsite visit marked complete.')}>
          {project.onsite_complete ? 'Onsite visit complete ✓' : 'Mark onsite visit complete'}
        </button>
      </div>

      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave({ ...(due ? { due } : {}), production_time: weeks }, 'Schedule saved.');
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-due`}>Due date</label>
          <input id={`${uid}-due`} type="date" value={due} onChange={(e) => setDue(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-weeks`}>Production time</label>
          <select id={`${uid}-weeks`} value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
            {productionWeeks.map((n) => (
              <option key={n} value={n}>
                {n} Weeks
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy}>
          Save schedule
        </button>
      </form>
    </Panel>
  );
}
