import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { freshIv } from './fresh-random.js';
import { constants } from 'node:fs';
import { link, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A data key as stored: wrapped (AES-256-GCM) under the key-encryption key named by `kekId`. */
export interface WrappedKey {
  kekId: string;
  wrapped: Buffer;
}

/**
 * The key-encryption keys that wrap the per-person data keys, kept outside PostgreSQL (docs/decisions/0162).
 * KMS-style: the data keys only ever reach the database wrapped. A rotation makes a new current
 * key while the older ones still unwrap (`retired`), until every data key is re-wrapped durably
 * and `destroyRetired` destroys them: what was wrapped under them is then unreadable for good.
 */
export interface KeyEncryptionKeys {
  /** Id of the newest key (a rotation's). */
  current(): Promise<string>;
  /** The data key wrapped under the key `kekId` (the one the database says wraps now). */
  wrap(dataKey: Buffer, personId: string, kekId: string): Promise<WrappedKey>;
  unwrap(key: WrappedKey, personId: string): Promise<Buffer>;
  /** Makes a new current key; the previous ones become retired (still unwrap). */
  rotate(): Promise<string>;
  /** Keys a rotation retired but that are not destroyed yet. */
  retired(): Promise<string[]>;
  destroyRetired(): Promise<void>;
  /** Re-reads the keys (another process may have rotated them). */
  reload(): Promise<void>;
  /** Whether the key `id` is held (re-reading first). */
  holds(id: string): Promise<boolean>;
}

interface KeyFile {
  current: string;
  keys: Record<string, string>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Key-encryption keys in one file (mode 0600): `{ current, keys: { id: base64 } }`. Every change
 * writes a new file, fsyncs it, renames it over the old one and fsyncs the folder, so a crash leaves
 * either the old or the new file whole. The replaced file's bytes are overwritten with zeros before
 * it is unlinked (through a hard link kept for that), so the destroyed key is not left in the file's
 * old blocks by the shop itself (a copy-on-write or journalling filesystem may still keep them).
 */
export class FileKeyEncryptionKeys implements KeyEncryptionKeys {
  private file: KeyFile | null = null;

  private constructor(readonly path: string) {}

  /** The keys in `file`, made on first use; a half-done replacement (a crash) is finished first. */
  static async open(file: string): Promise<FileKeyEncryptionKeys> {
    const keys = new FileKeyEncryptionKeys(path.resolve(file));
    await mkdir(path.dirname(keys.path), { recursive: true, mode: 0o700 });
    await keys.finishReplacement();
    await keys.reload();
    if (!keys.file) {
      const id = randomUUID();
      await keys.createOnce({ current: id, keys: { [id]: randomBytes(32).toString('base64') } });
    }
    return keys;
  }

  /** The keys in an existing file, read only: for a reader beside the process that owns the file (a rebuild's worker thread). */
  static async existing(file: string): Promise<FileKeyEncryptionKeys> {
    const keys = new FileKeyEncryptionKeys(path.resolve(file));
    await keys.reload();
    keys.loaded();
    return keys;
  }

  /** True when the file did not exist before this process opened it. */
  fresh = false;

  async reload(): Promise<void> {
    const text = await readFile(this.path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    this.file = text === null ? null : (JSON.parse(text) as KeyFile);
  }

  async holds(id: string): Promise<boolean> {
    await this.reload();
    return this.keyOf(id) !== undefined;
  }

  async current(): Promise<string> {
    return this.loaded().current;
  }

  async wrap(dataKey: Buffer, personId: string, kekId: string): Promise<WrappedKey> {
    const iv = freshIv(IV_BYTES); // every new person's key is wrapped: drawn from a block (fresh-random.ts)
    const cipher = createCipheriv('aes-256-gcm', await this.known(kekId), iv);
    cipher.setAAD(Buffer.from(`${kekId}:${personId}`, 'utf8'));
    return { kekId, wrapped: Buffer.concat([iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]) };
  }

  async unwrap(key: WrappedKey, personId: string): Promise<Buffer> {
    return unwrapWith(await this.known(key.kekId), key, personId);
  }

  /** The key `id`, re-reading the file once when this process does not know it (another rotated). */
  private async known(id: string): Promise<Buffer> {
    if (!this.keyOf(id)) await this.reload();
    const kek = this.keyOf(id);
    if (!kek) throw new Error(`key-encryption key ${id} is not in ${this.path}: destroyed, or the wrong PERSONAL_DATA_KEK_FILE`);
    return kek;
  }

  async rotate(): Promise<string> {
    const id = randomUUID();
    const file = this.loaded();
    await this.replace({ current: id, keys: { ...file.keys, [id]: randomBytes(32).toString('base64') } });
    return id;
  }

  async retired(): Promise<string[]> {
    const file = this.loaded();
    return Object.keys(file.keys).filter((id) => id !== file.current);
  }

  async destroyRetired(): Promise<void> {
    const file = this.loaded();
    if (Object.keys(file.keys).length === 1) return;
    await this.replace({ current: file.current, keys: { [file.current]: file.keys[file.current]! } });
  }

  private loaded(): KeyFile {
    if (!this.file) throw new Error(`no key-encryption key file at ${this.path}`);
    return this.file;
  }

  private keyOf(id: string): Buffer | undefined {
    const encoded = this.file?.keys[id];
    return encoded === undefined ? undefined : Buffer.from(encoded, 'base64');
  }

  /** The first file; another process starting at the same moment may have made it: then theirs is used. */
  private async createOnce(file: KeyFile): Promise<void> {
    try {
      await writeDurably(this.path, file, constants.O_EXCL);
      this.fresh = true;
      this.file = file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await this.reload();
    }
  }

  /**
   * A crash during `replace` leaves `.new` (not yet renamed: the old file still holds every key) or
   * `.old` (a hard link: to the live file itself before the rename, unlinked as is; to the replaced
   * file after it, shredded).
   */
  private async finishReplacement(): Promise<void> {
    await rm(`${this.path}.new`, { force: true });
    const old = `${this.path}.old`;
    const [live, replaced] = await Promise.all([stat(this.path).catch(() => null), stat(old).catch(() => null)]);
    if (!replaced) return;
    if (live && live.ino === replaced.ino && live.dev === replaced.dev) await rm(old);
    else await shred(old);
  }

  /** New file written and synced beside the old, the old kept by a hard link, renamed over, the old shredded. */
  private async replace(file: KeyFile): Promise<void> {
    const next = `${this.path}.new`;
    const old = `${this.path}.old`;
    await this.finishReplacement();
    await writeDurably(next, file, constants.O_TRUNC);
    await link(this.path, old);
    await rename(next, this.path);
    await syncFolder(path.dirname(this.path));
    this.file = file;
    await shred(old);
  }
}

export function unwrapWith(kek: Buffer, key: WrappedKey, personId: string): Buffer {
  const iv = key.wrapped.subarray(0, IV_BYTES);
  const body = key.wrapped.subarray(IV_BYTES, key.wrapped.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', kek, iv);
  decipher.setAAD(Buffer.from(`${key.kekId}:${personId}`, 'utf8'));
  decipher.setAuthTag(key.wrapped.subarray(key.wrapped.length - TAG_BYTES));
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

async function writeDurably(file: string, content: KeyFile, flag: number): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | flag, 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(content)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncFolder(path.dirname(file));
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Overwrites a file with zeros, syncs, unlinks it; nothing when it is not there. */
async function shred(file: string): Promise<void> {
  const handle = await open(file, constants.O_WRONLY).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!handle) return;
  try {
    const { size } = await handle.stat();
    await handle.write(Buffer.alloc(size), 0, size, 0);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rm(file, { force: true });
  await syncFolder(path.dirname(file));
}

let processKeys: KeyEncryptionKeys | null = null;

/**
 * The key-encryption keys this process uses wherever a data key is read without an event store at
 * hand (the rebuild's own log reader, the analysts' CLI): set once at start, like a KMS client.
 */
export function useKeyEncryptionKeys(keys: KeyEncryptionKeys): void {
  processKeys = keys;
}

export function processKeyEncryptionKeys(): KeyEncryptionKeys {
  if (!processKeys) throw new Error('no key-encryption keys opened in this process (openKeyEncryptionKeys at start)');
  return processKeys;
}
