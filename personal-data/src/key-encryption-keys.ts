import { createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { crypto_aead_xchacha20poly1305_ietf_decrypt as xchachaOpen, crypto_aead_xchacha20poly1305_ietf_encrypt as xchachaSeal } from 'sodium-native';
import { constants } from 'node:fs';
import { link, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * A data key as stored: wrapped under the key-encryption key named by `kekId`, with
 * `<kek id>:<person id>` as additional data. Keys wrapped since decision 0287 are
 * `<24-byte nonce><ciphertext><16-byte tag>`, XChaCha20-Poly1305 (libsodium); those wrapped before
 * are `<12-byte IV><ciphertext><16-byte tag>`, AES-256-GCM (node:crypto), and still unwrap until a
 * purge re-wraps them. A data key is always 32 bytes, so the two are told apart by their length.
 */
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
  /** Keys a rotation retired that still wrap live data keys (a purge under way). */
  retired(): Promise<string[]>;
  /**
   * Takes the retired keys out of use once no live data key is wrapped under them: kept apart for
   * the backup retention (decision 0335: backups inside it still restore), or destroyed at once
   * without one. Keys kept longer than the retention are destroyed.
   */
  destroyRetired(): Promise<void>;
  /** Destroys the keys kept for backups whose retention ran out. */
  destroyExpired(): Promise<void>;
  /** Appends an erasure (person id and time only) to the erasure ledger kept beside the keys (decision 0336). */
  recordErasure(personId: string, erasedAt: Date): Promise<void>;
  /** Re-reads the keys (another process may have rotated them). */
  reload(): Promise<void>;
  /** Whether the key `id` is held (re-reading first). */
  holds(id: string): Promise<boolean>;
}

interface KeyFile {
  current: string;
  keys: Record<string, string>;
  /** Generations retired by a purge, kept for the backup retention only (decision 0335): nothing live is wrapped under them. */
  kept?: Record<string, KeptKey>;
}

export interface KeptKey {
  key: string;
  retiredAt: string;
}

/** Every generation a file holds, in use or kept for backups: what a keys backup copies (decision 0335). */
export interface KeyGenerations {
  current: string;
  keys: Record<string, string>;
  kept: Record<string, KeptKey>;
}

export interface KeyFileOptions {
  /** How long a retired generation is kept for backups; 0 destroys it with the purge (decision 0335). */
  retentionDays?: number;
  /** The clock the retention is measured on. */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const IV_BYTES = 12;
const NONCE_BYTES = 24;
const TAG_BYTES = 16;
/** A 32-byte data key wrapped with AES-256-GCM, as before decision 0287. */
const AES_GCM_WRAPPED_BYTES = IV_BYTES + 32 + TAG_BYTES;

/**
 * Key-encryption keys in one file (mode 0600): `{ current, keys: { id: base64 } }`. Every change
 * writes a new file, fsyncs it, renames it over the old one and fsyncs the folder, so a crash leaves
 * either the old or the new file whole. The replaced file's bytes are overwritten with zeros before
 * it is unlinked (through a hard link kept for that), so the destroyed key is not left in the file's
 * old blocks by the shop itself (a copy-on-write or journalling filesystem may still keep them).
 */
export class FileKeyEncryptionKeys implements KeyEncryptionKeys {
  private file: KeyFile | null = null;
  /**
   * The file's keys decoded, each once: every new person's append wraps with one (decision 0287).
   * Dropped, not zeroed, when the file changes: a wrap or unwrap in flight may still hold one.
   */
  private readonly decoded = new Map<string, Buffer>();

  private constructor(
    readonly path: string,
    private readonly options: KeyFileOptions = {},
  ) {}

  /** The erasure ledger's file, beside the keys (decision 0336). */
  get ledgerPath(): string {
    return erasureLedgerFile(this.path);
  }

  /** The keys in `file`, made on first use; a half-done replacement (a crash) is finished first. */
  static async open(file: string, options: KeyFileOptions = {}): Promise<FileKeyEncryptionKeys> {
    const keys = new FileKeyEncryptionKeys(path.resolve(file), options);
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
    this.use(text === null ? null : (JSON.parse(text) as KeyFile));
  }

  async holds(id: string): Promise<boolean> {
    await this.reload();
    return this.keyOf(id) !== undefined;
  }

  async current(): Promise<string> {
    return this.loaded().current;
  }

  async wrap(dataKey: Buffer, personId: string, kekId: string): Promise<WrappedKey> {
    return { kekId, wrapped: wrapWith(this.keyOf(kekId) ?? (await this.known(kekId)), dataKey, kekId, personId) };
  }

  async unwrap(key: WrappedKey, personId: string): Promise<Buffer> {
    return unwrapWith(await this.known(key.kekId), key, personId);
  }

  /** The key `id`, re-reading the file once when this process does not know it (another rotated). */
  private async known(id: string): Promise<Buffer> {
    let kek = this.keyOf(id);
    if (kek) return kek;
    await this.reload();
    kek = this.keyOf(id);
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
    const now = this.now();
    const kept = { ...file.kept };
    for (const [id, key] of Object.entries(file.keys)) if (id !== file.current) kept[id] = { key, retiredAt: now.toISOString() };
    const next = { current: file.current, keys: { [file.current]: file.keys[file.current]! }, kept: this.unexpired(kept, now) };
    if (sameGenerations(file, next)) return;
    await this.replace(next);
  }

  async destroyExpired(): Promise<void> {
    await this.reload();
    const file = this.loaded();
    const kept = this.unexpired(file.kept ?? {}, this.now());
    if (Object.keys(kept).length === Object.keys(file.kept ?? {}).length) return;
    await this.replace({ ...file, kept });
  }

  /** Every generation held, in use or kept for backups (re-reading first). */
  async generations(): Promise<KeyGenerations> {
    await this.reload();
    const file = this.loaded();
    return { current: file.current, keys: { ...file.keys }, kept: { ...file.kept } };
  }

  async recordErasure(personId: string, erasedAt: Date): Promise<void> {
    await appendErasure(this.ledgerPath, { personId, erasedAt: erasedAt.toISOString() });
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The kept generations still inside the retention; none without one. */
  private unexpired(kept: Record<string, KeptKey>, now: Date): Record<string, KeptKey> {
    const retention = (this.options.retentionDays ?? 0) * DAY_MS;
    return Object.fromEntries(Object.entries(kept).filter(([, key]) => now.getTime() - Date.parse(key.retiredAt) < retention));
  }

  private loaded(): KeyFile {
    if (!this.file) throw new Error(`no key-encryption key file at ${this.path}`);
    return this.file;
  }

  private keyOf(id: string): Buffer | undefined {
    let kek = this.decoded.get(id);
    if (kek) return kek;
    const encoded = this.file?.keys[id];
    if (encoded === undefined) return undefined;
    kek = Buffer.from(encoded, 'base64');
    this.decoded.set(id, kek);
    return kek;
  }

  private use(file: KeyFile | null): void {
    this.decoded.clear();
    this.file = file;
  }


  /** The first file; another process starting at the same moment may have made it: then theirs is used. */
  private async createOnce(file: KeyFile): Promise<void> {
    try {
      await writeDurably(this.path, file, constants.O_EXCL);
      this.fresh = true;
      this.use(file);
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
    this.use(file);
    await shred(old);
  }
}

/**
 * Every new person's key is wrapped on the append's path, so with the same cipher as the values
 * (XChaCha20-Poly1305, libsodium) rather than a node:crypto context made per key (decision 0287).
 */
function wrapWith(kek: Buffer, dataKey: Buffer, kekId: string, personId: string): Buffer {
  const wrapped = Buffer.allocUnsafe(NONCE_BYTES + dataKey.length + TAG_BYTES);
  const nonce = wrapped.subarray(0, NONCE_BYTES);
  randomBytes(NONCE_BYTES).copy(nonce);
  xchachaSeal(wrapped.subarray(NONCE_BYTES), dataKey, additionalData(kekId, personId), null, nonce, kek);
  return wrapped;
}

const additionalData = (kekId: string, personId: string) => Buffer.from(`${kekId}:${personId}`, 'utf8');

/** The data key; throws when it does not authenticate (another key-encryption key, another person, a changed byte). */
export function unwrapWith(kek: Buffer, key: WrappedKey, personId: string): Buffer {
  if (key.wrapped.length === AES_GCM_WRAPPED_BYTES) return unwrapAesGcm(kek, key, personId);
  if (key.wrapped.length < NONCE_BYTES + TAG_BYTES) throw new Error('a wrapped data key too short to hold its nonce and tag');
  const dataKey = Buffer.alloc(key.wrapped.length - NONCE_BYTES - TAG_BYTES);
  xchachaOpen(dataKey, null, key.wrapped.subarray(NONCE_BYTES), additionalData(key.kekId, personId), key.wrapped.subarray(0, NONCE_BYTES), kek);
  return dataKey;
}

/** A key wrapped before decision 0287. */
function unwrapAesGcm(kek: Buffer, key: WrappedKey, personId: string): Buffer {
  const iv = key.wrapped.subarray(0, IV_BYTES);
  const body = key.wrapped.subarray(IV_BYTES, key.wrapped.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', kek, iv);
  decipher.setAAD(additionalData(key.kekId, personId));
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

function sameGenerations(a: KeyFile, b: KeyFile): boolean {
  const ids = (file: KeyFile) => `${Object.keys(file.keys).sort().join(',')}|${Object.keys(file.kept ?? {}).sort().join(',')}`;
  return a.current === b.current && ids(a) === ids(b);
}

/** One erasure as the ledger keeps it: nothing personal, the person's id and the time. */
export interface LedgerErasure {
  personId: string;
  erasedAt: string;
}

/** The erasure ledger beside a key file: `erasure-ledger.jsonl` in the same folder. */
export function erasureLedgerFile(keyFile: string): string {
  return path.join(path.dirname(path.resolve(keyFile)), 'erasure-ledger.jsonl');
}

/** One line appended and synced (mode 0600): a restore re-applies it (decision 0336). */
export async function appendErasure(file: string, erasure: LedgerErasure): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND, 0o600);
  try {
    await handle.write(`${JSON.stringify(erasure)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The ledger's erasures, each person once (the earliest time); none when there is no ledger. */
export async function readErasureLedger(file: string): Promise<LedgerErasure[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const earliest = new Map<string, string>();
  for (const line of text.split('\n')) {
    // A line cut short by a crash mid-append is skipped: its erasure is in the database, and the next purge writes it again.
    const erasure = parseLedgerLine(line);
    if (!erasure) continue;
    const known = earliest.get(erasure.personId);
    if (!known || Date.parse(erasure.erasedAt) < Date.parse(known)) earliest.set(erasure.personId, erasure.erasedAt);
  }
  return [...earliest].map(([personId, erasedAt]) => ({ personId, erasedAt }));
}

function parseLedgerLine(line: string): LedgerErasure | null {
  if (!line.trim()) return null;
  try {
    const value = JSON.parse(line) as Partial<LedgerErasure>;
    return typeof value.personId === 'string' && typeof value.erasedAt === 'string' && !Number.isNaN(Date.parse(value.erasedAt)) ? (value as LedgerErasure) : null;
  } catch {
    return null;
  }
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
