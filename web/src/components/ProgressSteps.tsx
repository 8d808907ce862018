import { progressSteps, type ProjectState } from '@shop/domain';

/** SPEC §4 progress steps (Design, Quote, Checkout / Checkout, [Awaiting Fabric,] Production, Shipment), from domain. */
export function ProgressSteps({ state, fabricArrived }: { state: ProjectState; fabricArrived: boolean }) {
  const progress = progressSteps({ state, fabric_arrived: fabricArrived });
  return (
    <nav aria-label="Progress">
      <ol className="progress-steps">
        {progress.steps.map((step, index) => {
          const current = progress.current === index && !progress.done;
          const done = progress.done || (progress.current !== null && index < progress.current);
          return (
            <li key={step} className={current ? 'current' : done ? 'done' : undefined} aria-current={current ? 'step' : undefined}>
              {step}
              {done && <span className="visually-hidden"> (done)</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
