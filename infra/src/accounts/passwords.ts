import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are hashed with argon2id (the library's default algorithm) and its default
 * memory and time costs, which follow the OWASP recommendation.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when no account matches keeps a failed log-in's timing the same
// whether or not the e-mail exists.
let decoyHash: Promise<string> | null = null;

/** True when `password` matches `passwordHash`; a null hash (no account, no password) never matches. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoyHash ??= hash('decoy password that matches nothing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
