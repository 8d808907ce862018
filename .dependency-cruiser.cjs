/* global module */
/**
 * The one-way imports of DESIGN.md: domain ← infra ← (command-api, query-api, projectors) ← server;
 * the event store's adapters and log chain (event-store) sit on infra, which keeps the store's port,
 * and the personal-data vault (personal-data) sits on the event store (decision 0475);
 * the HTTP shell (http-shell: the Express app, sessions, CSRF) sits on infra, under the two APIs;
 * the analysts' reports and export (analytics) fold the log with the projectors' folds, and nothing
 * that runs the shop imports them;
 * web → domain only; query-api reaches the projectors only through their read-model queries.
 * Run by `npm run lint:deps` (part of `npm run lint`, so of `npm test`).
 */
const layer = (name) => `^${name}/`;
const ours = ['domain', 'infra', 'event-store', 'personal-data', 'http-shell', 'command-api', 'query-api', 'projectors', 'analytics', 'server', 'web', 'tests'];
const others = (...allowed) => `^(${ours.filter((name) => !allowed.includes(name)).join('|')})/`;

module.exports = {
  forbidden: [
    { name: 'domain-is-pure', comment: 'domain/ imports nothing of ours', severity: 'error', from: { path: layer('domain') }, to: { path: others('domain') } },
    { name: 'infra-on-domain-only', comment: 'infra/ imports the domain only', severity: 'error', from: { path: layer('infra') }, to: { path: others('domain', 'infra') } },
    { name: 'event-store-on-domain-and-infra', comment: 'the event store\'s adapters and log chain build on infra (its port, the pool) and never open personal data', severity: 'error', from: { path: layer('event-store') }, to: { path: others('domain', 'infra', 'event-store') } },
    { name: 'personal-data-on-domain-infra-and-event-store', comment: 'the vault wraps the event store; nothing below it imports it', severity: 'error', from: { path: layer('personal-data') }, to: { path: others('domain', 'infra', 'event-store', 'personal-data') } },
    {
      name: 'no-test-support-in-runtime',
      comment: 'the test database launcher and the event store contract suite are for tests only',
      severity: 'error',
      from: { pathNot: '(\\.test\\.ts$|\\.contract\\.ts$|^infra/src/testing/|^(tests|web)/)' },
      to: { path: '(^infra/src/testing/|\\.contract\\.ts$)' },
    },
    { name: 'http-shell-on-domain-and-infra', comment: 'the HTTP shell (Express app, sessions, CSRF, errors) builds on the infra only', severity: 'error', from: { path: layer('http-shell') }, to: { path: others('domain', 'infra', 'http-shell') } },
    { name: 'command-api-on-domain-infra-and-http-shell', comment: 'and the event store and the vault (erasure destroys keys through the store)', severity: 'error', from: { path: layer('command-api') }, to: { path: others('domain', 'infra', 'event-store', 'personal-data', 'http-shell', 'command-api') } },
    { name: 'projectors-on-domain-infra-and-the-log', comment: 'the one-pass rebuild reads log pages and opens them through the vault', severity: 'error', from: { path: layer('projectors') }, to: { path: others('domain', 'infra', 'event-store', 'personal-data', 'projectors') } },
    {
      name: 'query-api-on-domain-infra-and-read-model-queries',
      comment: 'query-api reads read models through @shop/projectors/queries, never the runner, relay or reactors',
      severity: 'error',
      from: { path: layer('query-api') },
      to: { path: others('domain', 'infra', 'event-store', 'http-shell', 'query-api', 'projectors'), pathNot: '^projectors/src/read-models/' },
    },
    {
      name: 'query-api-not-into-projector-machinery',
      severity: 'error',
      from: { path: layer('query-api') },
      to: { path: '^projectors/', pathNot: '^projectors/src/read-models/' },
    },
    { name: 'analytics-on-domain-infra-and-projectors', comment: 'the analysts\' reports and export reuse the projectors\' folds; the shop never runs them', severity: 'error', from: { path: layer('analytics') }, to: { path: others('domain', 'infra', 'projectors', 'analytics') } },
    { name: 'server-composes-apps', severity: 'error', from: { path: layer('server') }, to: { path: others('domain', 'infra', 'event-store', 'personal-data', 'http-shell', 'command-api', 'query-api', 'projectors', 'server') } },
    { name: 'web-on-domain-only', comment: 'the web app shares only the domain with the server', severity: 'error', from: { path: layer('web') }, to: { path: others('domain', 'web') } },
    { name: 'no-circular', severity: 'error', from: { pathNot: '^(tests|web)/' }, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
