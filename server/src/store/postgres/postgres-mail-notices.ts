/** The mailed reports' and alerts' definitions (mail-notice-store.ts) in the shared PostgreSQL metadata database (postgres-definitions.ts). */
import type { MetadataPool } from './postgres-pool.js';
import { postgresDefinitions } from './postgres-definitions.js';
import { MAIL_NOTICE_TABLE, mailNoticeStoreOf, type MailNoticeStore } from '../mail-notice-store.js';

export async function postgresMailNoticeStore(pool: MetadataPool): Promise<MailNoticeStore> {
  return mailNoticeStoreOf(await postgresDefinitions(pool, MAIL_NOTICE_TABLE));
}
