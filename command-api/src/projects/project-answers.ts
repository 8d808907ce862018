import type { ProjectView } from '@shop/domain';

/** A project as its customer sees it: staff notes stay internal. */
export function customerProject(view: ProjectView, revision: number) {
  const { staff_notes: _staffNotes, ...visible } = view;
  return { ...visible, revision };
}

/** A project as staff see it: everything the write side knows. */
export function internalProject(view: ProjectView, revision: number) {
  return { ...view, revision };
}
