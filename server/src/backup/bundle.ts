import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

/**
 * A backup bundle (decision 0337): one gzipped tar whose first entry is `manifest.json`, then one
 * `database/<table>.copy` per table (PostgreSQL's COPY text format) and the uploads under
 * `uploads/`. The manifest names every other entry with its size and SHA-256, so a bundle is
 * checked entry by entry as it is read; it never holds a key-encryption key.
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const BUNDLE_FORMAT = 'soft-furnishings-shop-backup';

export interface EntryDigest {
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BUNDLE_FORMAT;
  version: 1;
  /** The database's clock at the snapshot: what was committed then is in the bundle, nothing after. */
  takenAt: string;
  log: { events: number; lastPosition: number | null };
  /** The key-encryption key new data keys were wrapped under at the snapshot. */
  currentKeyGeneration: string | null;
  /** Every key-encryption key generation a live data key in the bundle is wrapped under: the keys file must hold each. */
  keyGenerations: string[];
  migrations: string[];
  tables: Array<{ table: string; columns: string[]; entry: string }>;
  /**
   * The entry naming, for every event a digest covers, the first digest that covers it (COPY text:
   * event id, digest id), and the highest digest id the bundle holds (decision 0390). Absent from
   * bundles taken before.
   */
  logCoverage?: { entry: string; digestsThrough: string | null };
  uploads: number;
  entries: Record<string, EntryDigest>;
}

/** A file to put in the bundle under `name`. */
export interface BundleFile {
  name: string;
  file: string;
}

/** Writes the bundle: manifest first, then each file as it is on disk. */
export async function writeBundle(out: string, manifest: BackupManifest, files: readonly BundleFile[]): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(out, { mode: 0o600 }));
  const manifestText = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await entry(pack, { name: MANIFEST_ENTRY, size: manifestText.length, mode: 0o600 }, [manifestText]);
  for (const { name, file } of files) {
    await entry(pack, { name, size: manifest.entries[name]!.bytes, mode: 0o600 }, createReadStream(file));
  }
  pack.finalize();
  await written;
}

/** One entry's bytes into the pack, waiting whenever it asks to. */
async function entry(pack: tar.Pack, header: { name: string; size: number; mode: number }, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> {
  let done: Promise<void> = Promise.resolve();
  const sink = pack.entry(header, (error) => {
    done = error ? Promise.reject(error) : Promise.resolve();
  });
  const ended = once(sink, 'finish');
  for await (const chunk of chunks) if (!sink.write(chunk)) await once(sink, 'drain');
  sink.end(Buffer.alloc(0));
  await ended;
  await done;
}

/** Size and SHA-256 of a file. */
export async function digestOf(file: string): Promise<EntryDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Thrown for a bundle that is not one, or whose bytes are not those its manifest names. */
export class BundleError extends Error {
  override name = 'BundleError';
}

/** What a reader does with each entry after the manifest: its bytes must all be read (or the stream resumed). */
export type EntryReader = (name: string, body: Readable, manifest: BackupManifest) => Promise<void>;

/**
 * Reads a bundle from the start: the manifest, then every entry through `read` while its digest is
 * checked; a changed, missing or unknown entry stops the reading with a BundleError.
 */
export async function readBundle(file: string, read: EntryReader): Promise<BackupManifest> {
  await mustExist(file);
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract).catch((error: Error) => {
    throw new BundleError(`${file} is not a readable backup bundle (${error.message})`, { cause: error });
  });
  let manifest: BackupManifest | null = null;
  const seen = new Set<string>();
  try {
    for await (const item of extract) {
      const name = item.header.name;
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw new BundleError(`${file} is not a backup bundle of this shop: it does not begin with ${MANIFEST_ENTRY}`);
        manifest = parseManifest(await text(item as AsyncIterable<Buffer>), file);
        continue;
      }
      const expected = manifest.entries[name];
      if (!expected) throw new BundleError(`${file} holds ${name}, which its manifest does not name`);
      const checking = digesting();
      const body = checking.transform;
      // tar-stream's entries are streamx streams: read through a Node stream, as COPY and files expect.
      // A pipeline, not pipe(): damaged gzip fails the entry mid-way, and that failure must reach the reader.
      const feeding = pipeline(Readable.from(item, { objectMode: false }), body);
      feeding.catch(() => undefined); // awaited below when the reader succeeds; the reader's failure is told instead
      await read(name, body, manifest);
      // What the reader left unread is read here, so the digest covers the whole entry.
      body.resume();
      await feeding;
      const actual = checking.digest();
      if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) throw new BundleError(`${file}: ${name} does not match its checksum in the manifest (damaged or changed)`);
      seen.add(name);
    }
    await reading;
  } catch (error) {
    extract.destroy();
    const unreadable = await reading.then(
      () => undefined,
      (failure: BundleError) => failure,
    );
    // A reader that failed because the bundle's bytes did (damaged gzip) is told as the bundle's fault.
    throw unreadable && unreadable.cause === error ? unreadable : error;
  }
  if (!manifest) throw new BundleError(`${file} is empty: not a backup bundle`);
  const missing = Object.keys(manifest.entries).filter((name) => !seen.has(name));
  if (missing.length > 0) throw new BundleError(`${file} lacks ${missing.length} entr${missing.length === 1 ? 'y' : 'ies'} its manifest names (${missing.slice(0, 3).join(', ')}): cut short?`);
  return manifest;
}

/** The manifest alone (the first entry), without reading the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  await mustExist(file);
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract).catch(() => undefined);
  try {
    for await (const item of extract) {
      if (item.header.name !== MANIFEST_ENTRY) break;
      return parseManifest(await text(item as AsyncIterable<Buffer>), file);
    }
  } catch (error) {
    throw new BundleError(`${file} is not a readable backup bundle (${(error as Error).message})`);
  } finally {
    extract.destroy();
    await reading;
  }
  throw new BundleError(`${file} is not a backup bundle of this shop: it does not begin with ${MANIFEST_ENTRY}`);
}

async function mustExist(file: string): Promise<void> {
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new BundleError(`no backup bundle at ${file}`);
}

function parseManifest(text: string, file: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BundleError(`${file}: its manifest is not JSON`);
  }
  if (manifest.format !== BUNDLE_FORMAT || manifest.version !== 1) throw new BundleError(`${file} is not a backup bundle of this shop (format ${String(manifest.format)} ${String(manifest.version)})`);
  return manifest as BackupManifest;
}

async function text(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function digesting() {
  const hash = createHash('sha256');
  let bytes = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { transform, digest: (): EntryDigest => ({ bytes, sha256: hash.digest('hex') }) };
}

/** The SHA-256 of a whole file, for the operator to note beside the bundle. */
export async function fileSha256(file: string): Promise<string> {
  return (await digestOf(file)).sha256;
}
