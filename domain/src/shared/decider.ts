/**
 * The decider pattern: a context is three pure functions.
 * `decide` turns a command and the current state into new events (or throws a DomainError),
 * `evolve` folds one event into the state, `initialState` is the state of an empty stream.
 * Everything impure (clock, ids, prices from the catalogue) arrives inside the command.
 */
export interface Decider<Command, Event, State> {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
}

/** Folds a list of events into a state with a decider's evolve. */
export function fold<Event, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Compile-time exhaustiveness check for `switch` over unions. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
