export { createTestDatabase, type TestDatabase } from './test-database.js';
export { seededRandom } from '../runtime/seeded-random.js';
export { silenceableProxy } from './silenceable-proxy.js';
