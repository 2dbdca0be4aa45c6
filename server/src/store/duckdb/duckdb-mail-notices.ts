/** The mailed reports' and alerts' definitions (mail-notice-store.ts) in their own DuckDB file, kept as every kind of saved definition is (duckdb-definitions.ts). */
import { memoryBudget } from '../../memory-budget.js';
import type { OpenDatabase } from './duckdb-copy.js';
import { openDefinitionFile } from './duckdb-definitions.js';
import { MAIL_NOTICE_TABLE, mailNoticeStoreOf, type MailNoticeStore } from '../mail-notice-store.js';

export const MAIL_NOTICES_DB_FILE_NAME = 'mail-notices.duckdb';

export async function openMailNoticeStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<MailNoticeStore & OpenDatabase> {
  const rows = await openDefinitionFile(dataDir, MAIL_NOTICES_DB_FILE_NAME, MAIL_NOTICE_TABLE, memoryLimitMiB);
  return { ...rows, ...mailNoticeStoreOf(rows) };
}
