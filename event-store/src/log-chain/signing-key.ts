import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { keyEncryptionKeyFile, type CommonConfig } from '@shop/infra';

/**
 * The key that signs the log's digests lives beside the personal-data key-encryption keys, in a
 * file outside PostgreSQL (decision 0347): whoever can rewrite the database cannot sign a digest
 * over the rewritten history, and a backup of the database carries no signing key.
 */
export function logSigningKeyFile(config: Pick<CommonConfig, 'DATA_DIR' | 'PERSONAL_DATA_KEK_FILE'>): string {
  return path.join(path.dirname(keyEncryptionKeyFile(config)), 'log-signing-key.pem');
}

/** An Ed25519 key (node:crypto) that signs digests; its public half is what an auditor keeps. */
export class LogSigningKey {
  private constructor(
    private readonly privateKey: KeyObject,
    readonly publicKeyPem: string,
  ) {}

  /** The key in `file`, made (mode 0600) on first use; a second process racing to make it reads the first's. */
  static async open(file: string): Promise<LogSigningKey> {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const made = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
    await writeFile(file, made, { flag: 'wx', mode: 0o600 }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    });
    const privateKey = createPrivateKey(await readFile(file, 'utf8'));
    return new LogSigningKey(privateKey, publicKeyPem(createPublicKey(privateKey)));
  }

  sign(statement: string): Buffer {
    return sign(null, Buffer.from(statement, 'utf8'), this.privateKey);
  }
}

export function publicKeyPem(key: KeyObject): string {
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

/** Whether `signature` is the key's signature over `statement`; a malformed key or signature is simply not. */
export function verifySignature(publicKeyPemText: string, statement: string, signature: Buffer): boolean {
  try {
    return verify(null, Buffer.from(statement, 'utf8'), createPublicKey(publicKeyPemText), signature);
  } catch {
    return false;
  }
}

/**
 * The public key to trust: from a PEM file an auditor kept (a public key, or the signing key
 * itself, whose public half is taken). Never made here: a verification must not invent its trust.
 */
export async function readLogPublicKey(file: string): Promise<string> {
  const pem = await readFile(file, 'utf8');
  return publicKeyPem(pem.includes('PRIVATE KEY') ? createPublicKey(createPrivateKey(pem)) : createPublicKey(pem));
}
