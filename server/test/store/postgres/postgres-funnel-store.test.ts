import { describe, expect, it } from 'vitest';
import { funnelStoreContract } from '../../helpers/funnel-store-contract.js';
import { testPostgres, testSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();

describe.skipIf(url === undefined)('funnels in PostgreSQL', () => {
  funnelStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.funnels, close: () => schema.drop() };
  });
});

describe.skipIf(url === undefined)('funnels in PostgreSQL, two servers', () => {
  it('makes the tables once when two servers start together, and each reads what the other saved', async () => {
    const schema = testSchema(url!);
    const funnel = {
      id: 'cerca-i-noticia',
      name: 'Cerca i notícia',
      scope: 'visit' as const,
      steps: [
        { type: 'page' as const, name: 'Cercador', url: '*/cercador/*', match: 'pattern' as const },
        { type: 'page' as const, name: 'Notícia', url: '*/noticies/*', match: 'pattern' as const },
      ],
    };
    try {
      // The schema first (a cluster's is there before its servers): what races is the funnel tables.
      await schema.pool();
      const [a, b] = await Promise.all([schema.open(), schema.open()]);
      await a!.funnels.saveFunnel(funnel, { atMs: 1, by: 'marta@example.cat' });
      expect(await b!.funnels.funnelDefinitions()).toEqual([funnel]);
    } finally {
      await schema.drop();
    }
  });
});
