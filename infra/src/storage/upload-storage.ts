import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The image types the shop accepts (SPEC §5), by their checked content, not their name. */
export type ImageType = 'jpg' | 'png' | 'gif';

export const contentTypeOf: Record<ImageType, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** A stored upload's key: `<projectId>/<uuid>.<ext>`. Only keys of this shape are ever read. */
const KEY = /^[A-Za-z0-9_-]{1,64}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif)$/;

/**
 * Uploaded images under DATA_DIR/uploads. File names are made here (never the client's),
 * so a name cannot climb out of the folder or pretend to be another type.
 */
export class UploadStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  async save(projectId: string, type: ImageType, content: Buffer): Promise<string> {
    const key = `${projectId}/${randomUUID()}.${type}`;
    if (!KEY.test(key)) throw new Error(`Unsafe project id for storage: ${projectId}`);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(`${file}.tmp`, content);
    await rename(`${file}.tmp`, file);
    return key;
  }

  /** The stored bytes and content type, or null for an unknown or malformed key. */
  async read(key: string): Promise<{ content: Buffer; contentType: string } | null> {
    const match = KEY.exec(key);
    if (!match) return null;
    try {
      return { content: await readFile(path.join(this.root, key)), contentType: contentTypeOf[match[1] as ImageType] };
    } catch {
      return null;
    }
  }
}
