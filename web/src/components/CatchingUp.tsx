import { useCatchingUp, type ReadModel } from '../lib/catching-up';

/** "Catching up: N events behind" while the page's read models are behind the log; nothing otherwise. */
export function CatchingUp({ readModels }: { readModels: readonly ReadModel[] }) {
  const behind = useCatchingUp(readModels);
  if (behind === null) return null;
  return (
    <p role="status" className="catching-up">
      Catching up: {behind.toLocaleString('en-US')} {behind === 1 ? 'event' : 'events'} behind. The figures on this page are incomplete and
      update by themselves when done.
    </p>
  );
}
