/**
 * Account rows as both engines read them (store/duckdb/duckdb-accounts.ts, store/postgres/postgres-accounts.ts):
 * one column name per field, 64-bit numbers that may arrive as strings.
 */
import { isRole, type Role } from '../shared/roles.js';
import type { AccountAuditPageEntry, ApiTokenRecord, SessionRecord, UserRecord } from './account-store.js';

type Row = Record<string, unknown>;

function roleOf(value: unknown): Role {
  // A role the code no longer knows reads as the least one: never more than was granted.
  return isRole(value) ? value : 'analyst';
}

export function toUser(row: Row): UserRecord {
  return {
    id: String(row.id),
    email: String(row.email),
    role: roleOf(row.role),
    passwordHash: String(row.password_hash),
    mustChangePassword: row.must_change_password === true,
    createdAtMs: Number(row.created_at_ms),
  };
}

export function toSession(row: Row): SessionRecord {
  return {
    secretHash: String(row.secret_hash),
    userId: String(row.user_id),
    createdAtMs: Number(row.created_at_ms),
    lastSeenAtMs: Number(row.last_seen_at_ms),
  };
}

export function toToken(row: Row): ApiTokenRecord {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    name: String(row.name),
    role: roleOf(row.role),
    secretHash: String(row.secret_hash),
    createdAtMs: Number(row.created_at_ms),
    lastUsedAtMs: row.last_used_at_ms === null ? null : Number(row.last_used_at_ms),
  };
}

export function toAuditPageEntry(row: Row): AccountAuditPageEntry {
  return {
    seq: Number(row.seq),
    atMs: Number(row.at_ms),
    actorId: textOrNull(row.actor_id),
    actorEmail: textOrNull(row.actor_email),
    action: String(row.action),
    subject: textOrNull(row.subject),
    subjectName: textOrNull(row.subject_name),
  };
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
