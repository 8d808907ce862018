/**
 * The state codes of SPEC §4 as plain data, without zod (model.ts makes the schemas of them), so
 * the web's list pages read labels and orders without the schemas (docs/decisions/0251).
 */
export const projectStates = ['D', 'R', 'A', 'P', 'I', 'PS', 'C', 'S', 'X'] as const;

export const productionStates = ['N', 'CIP', 'CC', 'S', 'I', 'R'] as const;
