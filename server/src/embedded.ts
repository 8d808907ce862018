import { main } from './main.js';

// `npm start`: the whole shop in one process on its embedded defaults.
await main();
