/** SPEC §4 readiness labels: what a paid project still waits for before production. */
export const readinessLabels = ['Awaiting Fabric & Onsite Visit', 'Awaiting Fabric', 'Awaiting Onsite Visit', 'Ready To Start'] as const;
export type ReadinessLabel = (typeof readinessLabels)[number];

export function readinessLabel(progress: { fabric_arrived: boolean; onsite_complete: boolean }): ReadinessLabel {
  if (progress.fabric_arrived && progress.onsite_complete) return 'Ready To Start';
  if (progress.fabric_arrived) return 'Awaiting Onsite Visit';
  if (progress.onsite_complete) return 'Awaiting Fabric';
  return 'Awaiting Fabric & Onsite Visit';
}
