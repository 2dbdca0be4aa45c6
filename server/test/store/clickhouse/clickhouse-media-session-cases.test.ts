/**
 * The shared media session cases in ClickHouse's session SQL (helpers/media-session-cases.ts): one
 * process with MESURA_STORE alone (role all) drains each replay into ClickHouse and answers the
 * session list from there, as the embedded store does in store/media-session-cases.test.ts.
 */
import { afterEach } from 'vitest';
import { describeWithClickHouse, testDatabase, type TestDatabase } from '../../helpers/clickhouse.js';
import { useReplayServer } from '../../helpers/media.js';
import { testSessionCases } from '../../helpers/media-session-cases.js';

describeWithClickHouse('media session rules, the shared cases, in the ClickHouse session SQL (§4, §9)', () => {
  // A database per case: each replays the same session, which must be the only one it reads.
  let db: TestDatabase | undefined;
  // Registered before the replay server's, so that it runs after the server is closed (hooks unwind).
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  }, 60_000);
  const media = useReplayServer(() => {
    db = testDatabase();
    const { username, password, endpoint, database } = db.location;
    return { MESURA_STORE: `clickhouse://${username}:${password}@${endpoint.replace(/^https?:\/\//, '')}/${database}` };
  });
  testSessionCases(media);
});
