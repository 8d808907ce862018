import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FileKeyEncryptionKeys, useKeyEncryptionKeys } from '@shop/personal-data';

// Integration tests that open the event store without starting a shop wrap their data keys under
// key-encryption keys of their own test file; a command run in the test (replay, report, export)
// reads PERSONAL_DATA_KEK_FILE from the environment and so opens the same keys. A shop started
// in the test with a configuration of its own names its own file.
const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'shop-test-keys-')), 'personal-data-kek.json');
useKeyEncryptionKeys(await FileKeyEncryptionKeys.open(file));
process.env.PERSONAL_DATA_KEK_FILE = file;
