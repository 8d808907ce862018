import { main } from './main.js';

// One role on its own, against DATABASE_URL (scaled topology).
await main(['projectors']);
