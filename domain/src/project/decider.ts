import type { Decider } from '../shared/decider.js';
import type { ProjectCommand } from './commands.js';
import { decide } from './decide.js';
import type { ProjectEvent } from './events.js';
import { evolve } from './evolve.js';
import { initialProjectState, type ProjectStreamState } from './state.js';

export const initialState = initialProjectState;
export { decide, evolve };

/** The project context's decider; `decide` and `evolve` live in files of their own names. */
export const projectDecider: Decider<ProjectCommand, ProjectEvent, ProjectStreamState> = { decide, evolve, initialState };
