// Prints the DDL of a ClickHouse cluster for Mesura's events (server/src/store/clickhouse/cluster-sql.ts,
// docs/capacity.md "The SQL of a real cluster"), one statement per paragraph, each ending in `;`,
// for clickhouse-client --multiquery. Needs `npm run build` first.
//
//   node scripts/cluster-sql.mjs <cluster> <database> [--per-node]
//
// The hits table gets a column per named variable of the site's variable map, as the server makes it.
import { clusterSchemaSql, eventTables } from '@mesura/server/tooling';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';

const [cluster, database, flag] = process.argv.slice(2);
if (cluster === undefined || database === undefined || (flag !== undefined && flag !== '--per-node')) {
  console.error('usage: node scripts/cluster-sql.mjs <cluster> <database> [--per-node]');
  process.exit(2);
}
try {
  const tables = eventTables({ variables: variableNames(SITE_VARIABLE_MAP) });
  const statements = clusterSchemaSql({ cluster, database, tables, layout: flag === '--per-node' ? 'per-node' : 'replicated' });
  console.log(statements.map((sql) => `${sql};`).join('\n\n'));
} catch (error) {
  console.error(`cluster-sql: ${error.message}`);
  process.exit(2);
}
