import type { Role } from '../shared/roles.js';

/** A console user. `passwordHash` is the self-describing scrypt string of auth/password.ts. */
export interface UserRecord {
  id: string;
  /** Lower-cased: one account per address however it is typed. */
  email: string;
  role: Role;
  passwordHash: string;
  /** Set for a generated first password: every API route but the password change refuses until it is changed. */
  mustChangePassword: boolean;
  createdAtMs: number;
}

/** A console session. Only the SHA-256 of its secret is kept, so a copy of the store opens no session. */
export interface SessionRecord {
  secretHash: string;
  userId: string;
  createdAtMs: number;
  lastSeenAtMs: number;
}

/** A script's API token: its role is capped by its owner's at every use. */
export interface ApiTokenRecord {
  id: string;
  userId: string;
  name: string;
  role: Role;
  secretHash: string;
  createdAtMs: number;
  lastUsedAtMs: number | null;
}

/** One account event: who did what to whom, kept for the admins. */
export interface AccountAuditEntry {
  atMs: number;
  /** The user who acted; null for an unknown caller (a failed login) or the server itself. */
  actorId: string | null;
  action: string;
  /** The user, token or email the action was about. */
  subject: string | null;
}

/** One entry of an audit page, with the names it refers to while that user or token still exists. */
export interface AccountAuditPageEntry extends AccountAuditEntry {
  /** The entry's place in the audit: orders entries of one millisecond (the page cursor's `seq`). */
  seq: number;
  /** The acting user's e-mail; null once that user is deleted. */
  actorEmail: string | null;
  /** The e-mail of the subject user or the name of the subject token, while it exists. */
  subjectName: string | null;
}

/** Where an audit page starts: entries strictly older than this instant and place. */
export interface AccountAuditBefore {
  atMs: number;
  seq: number;
}

/** A user's latest sign-in. */
export interface LastSignIn {
  userId: string;
  atMs: number;
}

export type UserChanges = Partial<Pick<UserRecord, 'role' | 'passwordHash' | 'mustChangePassword'>>;

/**
 * Where users, sessions, API tokens and their audit live. Behind an interface so that a
 * scaled-out deployment can keep them elsewhere (PostgreSQL) while the events move to ClickHouse.
 */
export interface AccountStore {
  countUsers(): Promise<number>;
  listUsers(): Promise<UserRecord[]>;
  userById(id: string): Promise<UserRecord | undefined>;
  userByEmail(email: string): Promise<UserRecord | undefined>;
  insertUser(user: UserRecord): Promise<void>;
  updateUser(id: string, changes: UserChanges): Promise<void>;
  /** Deletes the user with their sessions and tokens. */
  deleteUser(id: string): Promise<void>;

  insertSession(session: SessionRecord): Promise<void>;
  sessionBySecretHash(secretHash: string): Promise<SessionRecord | undefined>;
  touchSession(secretHash: string, atMs: number): Promise<void>;
  deleteSession(secretHash: string): Promise<void>;
  /** Ends every session of the user but the one kept (the caller's own, after a password change). */
  deleteUserSessions(userId: string, keepSecretHash?: string): Promise<void>;
  deleteSessionsIdleSince(beforeMs: number): Promise<void>;

  insertToken(token: ApiTokenRecord): Promise<void>;
  tokensOf(userId: string): Promise<ApiTokenRecord[]>;
  tokenBySecretHash(secretHash: string): Promise<ApiTokenRecord | undefined>;
  touchToken(id: string, atMs: number): Promise<void>;
  /** True when the user had that token. */
  deleteToken(userId: string, id: string): Promise<boolean>;

  audit(entry: AccountAuditEntry): Promise<void>;
  /** Up to `limit` entries older than `before`, newest first (the audit is only ever appended to). */
  auditPage(before: AccountAuditBefore, limit: number): Promise<AccountAuditPageEntry[]>;
  /** Each user's latest entry of the `action` (the sign-in's), by user id; users without one are left out. */
  lastSignIns(action: string): Promise<LastSignIn[]>;
}
