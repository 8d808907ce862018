import { validationMessages } from './messages.js';

/** Image uploads must end in jpeg, jpg, gif or png (SPEC §5), in any case. */
export const IMAGE_FILE_NAME_PATTERN = /\.(jpe?g|gif|png)$/i;

export function isImageFileName(name: string): boolean {
  return IMAGE_FILE_NAME_PATTERN.test(name.trim());
}

export function imageFileNameProblem(name: string): string | null {
  return isImageFileName(name) ? null : validationMessages.imageFileName;
}
