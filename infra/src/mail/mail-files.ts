import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredMailEntry } from './mail-transport.js';

/** Ids are delivery ids (UUIDs); anything else never reaches the file system. */
const MAIL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Mail written by the file transport, newest first (what staff see without an SMTP server). */
export async function listMailFiles(dir: string): Promise<Array<Omit<StoredMailEntry, 'text'>>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    names.filter((name) => name.endsWith('.json') && MAIL_ID.test(name.slice(0, -5))).map((name) => readEntry(path.join(dir, name))),
  );
  return entries
    .filter((entry): entry is StoredMailEntry => entry !== null)
    .map(({ text: _text, ...summary }) => summary)
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** One stored mail with its text and the raw message, or null when there is none. */
export async function readMailFile(dir: string, id: string): Promise<(StoredMailEntry & { raw: string }) | null> {
  if (!MAIL_ID.test(id)) return null;
  const entry = await readEntry(path.join(dir, `${id}.json`));
  if (!entry) return null;
  const raw = await readFile(path.join(dir, `${id}.eml`), 'utf8').catch(() => '');
  return { ...entry, raw };
}

async function readEntry(file: string): Promise<StoredMailEntry | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StoredMailEntry;
  } catch {
    return null;
  }
}
