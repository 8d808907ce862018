import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FileKeyEncryptionKeys, useKeyEncryptionKeys } from '@shop/infra';

// Integration tests that open the event store without starting a shop wrap their data keys under
// key-encryption keys of their own test file (a shop started in the test opens its own).
useKeyEncryptionKeys(await FileKeyEncryptionKeys.open(path.join(await mkdtemp(path.join(os.tmpdir(), 'shop-test-keys-')), 'personal-data-kek.json')));
