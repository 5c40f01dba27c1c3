// The layering rules of docs/architecture.md, checked on every import (type-only imports included:
// a type from the wrong layer is a dependency on that layer's shape). `npm run lint:layers` runs
// it; .ci/run runs that before the suite, and test/layers.test.ts shows it failing on a violation.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'routes-through-services',
      comment: 'HTTP routes are thin: they call services, which own the data access (routes → services → db).',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/db/' },
    },
    {
      name: 'db-is-the-bottom',
      comment: 'src/db holds the SQL and knows nothing of the services, providers, server or front ends above it.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/(services|providers|server|cli|tui|client)/' },
    },
    {
      name: 'providers-never-import-services',
      comment: 'A provider (LLM, speech, image, music) is a small interface over an outside service; the services call it, never the other way.',
      severity: 'error',
      from: { path: '^src/providers/' },
      to: { path: '^src/(services|server|cli|tui)/' },
    },
    {
      name: 'services-below-front-ends',
      comment: 'Services are driven by the HTTP server, the CLI and the dashboard alike; they import none of them.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/(server|cli|tui|client)/' },
    },
    {
      name: 'platform-below-the-product',
      comment:
        'src/services/platform (jobs, schedule, settings, auth, dumps, health, metrics, webhooks, logs, retention) serves both halves of the product and knows neither: what reads or sweeps the whole product is composed at the root (src/job-catalog.ts, src/status.ts, src/lifecycle.ts). The one settings table names every setting of the product, so its definitions may read their shapes.',
      severity: 'error',
      from: { path: '^src/services/platform/', pathNot: '^src/services/platform/settings/(definitions|default-prompts)\\.ts$' },
      to: { path: '^src/services/(reader|newsroom)/' },
    },
    {
      name: 'services-below-the-root',
      comment:
        'The composition root (src/*.ts: the catalog, the status object, the runtime and its lifecycle) wires the services together; no service imports it.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/(job-catalog|status|lifecycle|runtime|app-context)\\.ts$' },
    },
    {
      name: 'terminal-is-a-client',
      comment: 'The dashboard reaches the daemon through the typed client, like the web console; it imports no server code.',
      severity: 'error',
      from: { path: '^src/tui/' },
      to: { path: '^src/(server|services|db|providers|cli)/' },
    },
    {
      name: 'web-is-a-client',
      comment: 'The web app takes only src/shared and the wire types of src/api from the server side.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^src/', pathNot: '^src/(shared|api)/' },
    },
    {
      name: 'only-the-entry-imports-the-cli',
      comment: 'src/cli is a front end: only bin/newsctl.ts (and the CLI itself) import it.',
      severity: 'error',
      from: { pathNot: '^(src/cli/|bin/)' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'shared-stands-alone',
      comment: 'src/shared is read by server, web and terminal alike: no Node modules, nothing outside src/shared.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { pathNot: '^src/shared/' },
    },
    {
      name: 'wire-types-stand-alone',
      comment: 'src/api declares the wire (routes, schemas, messages); it may read src/shared, never a service or the database.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/(services|db|server|providers|cli|tui|client)/' },
    },
    {
      name: 'no-runtime-cycles',
      comment: 'An import cycle makes start-up order depend on which file loads first.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'every-import-resolves',
      comment: 'An import the checker cannot resolve is one it cannot judge either.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
