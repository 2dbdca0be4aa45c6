/**
 * The layers of the server and the workspaces, written once, and the rules `npm run lint:layers`
 * checks against them (docs/architecture.md, "Layers"). A layer may import its own layer and the
 * layers below it; an import up the list, an import cycle (`import type` ones too), server folders
 * importing one another in a circle (two-way pairs included) or a workspace package importing the
 * server or an app fails the lint. There is no exceptions list.
 */

/** Server layers, top first; the workspace packages sit below them all. Every file under server/src belongs to exactly one. */
const SERVER_LAYERS = [
  // The processes and the composition: main.ts and the npm run backup, restore and move-to-cluster
  // commands start a process; app.ts opens the stores, builds the domains and registers the routes;
  // index.ts and tooling.ts are the package's entries (tooling.ts for bench/, scripts/ and e2e/).
  { name: 'entry', path: ['^server/src/(index|tooling|main|app|config|startup-checks|heap-limit)\\.ts$', '^server/src/[^/]+/[^/]+-command\\.ts$'] },
  // What the server does: each folder a domain; they may use one another, never in a circle.
  {
    name: 'domains',
    path: '^server/src/(alerts|auth|backup|consent-choices|content|dashboards|decide|engagement|identity|ingest|live|mail|move|observe|reports|rights|settings|subscriptions|visitors)/(?![^/]+-command\\.ts$)',
  },
  // Storage: the store interfaces, their row types and the DuckDB, ClickHouse and PostgreSQL adapters.
  { name: 'store', path: '^server/src/store/' },
  // Neutral rules and helpers that know no domain and no storage.
  {
    name: 'shared',
    path: '^server/src/(http|shared)/|^server/src/(data-key-file|digest-equal|local-day|memory-budget|operator-error|periodic-job|service-url)\\.ts$',
  },
];

const PACKAGES = '^packages/[^/]+/src/';
const APPS = '^apps/[^/]+/src/';
const SERVER = '^server/src/';

/** One rule per layer: nothing it holds imports a layer above it. */
const noImportUp = SERVER_LAYERS.slice(1).map((layer, index) => ({
  name: `${layer.name}-imports-up`,
  comment: `${layer.name} imports ${SERVER_LAYERS.slice(0, index + 1).map((above) => above.name).join(' or ')}, a layer above it (.dependency-cruiser.cjs SERVER_LAYERS)`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: SERVER_LAYERS.slice(0, index + 1).flatMap((above) => above.path) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'an import cycle (type-only imports count): move the shared part into a file both import',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...noImportUp,
    {
      name: 'server-file-outside-layers',
      comment: 'a file under server/src that no layer names imports something: add it to SERVER_LAYERS in .dependency-cruiser.cjs',
      severity: 'error',
      from: { path: SERVER, pathNot: SERVER_LAYERS.flatMap((layer) => layer.path) },
      to: {},
    },
    {
      name: 'server-import-outside-layers',
      comment: 'an import of a file under server/src that no layer names: add it to SERVER_LAYERS in .dependency-cruiser.cjs',
      severity: 'error',
      from: {},
      to: { path: SERVER, pathNot: SERVER_LAYERS.flatMap((layer) => layer.path) },
    },
    {
      name: 'no-two-way-folders',
      comment: 'server folders import one another in a circle (two-way pairs included): move what both need into the lower one or into server/src/shared',
      severity: 'error',
      scope: 'folder',
      // A folder cycle through two top folders leaves one of them at some hop: that hop is reported.
      from: { path: '^server/src/([^/]+)' },
      to: { path: '^server/src/', pathNot: '^server/src/$1(/|$)', circular: true },
    },
    {
      name: 'packages-import-no-server-or-app',
      comment: 'a workspace package imports the server or an app: packages sit below both',
      severity: 'error',
      from: { path: PACKAGES },
      to: { path: [SERVER, '^server/', APPS, '^apps/'] },
    },
    {
      name: 'no-test-utils-in-src',
      comment: 'production code imports @mesura/test-utils (packages/test-utils): it is for tests only',
      severity: 'error',
      from: { path: [SERVER, APPS, PACKAGES], pathNot: '^packages/test-utils/' },
      to: { path: '^packages/test-utils/' },
    },
    {
      name: 'apps-import-no-server',
      comment: 'an app imports the server: the apps reach it over HTTP only',
      severity: 'error',
      from: { path: APPS },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // `import type` and `export type … from` are edges too: a type-only cycle is still a cycle.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      // The workspaces' sources, as the server's tsconfig and Vitest read them (packages' "mesura-source" export).
      conditionNames: ['mesura-source', 'import', 'types', 'default'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
