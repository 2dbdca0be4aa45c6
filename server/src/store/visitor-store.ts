/**
 * The site's visitor accounts, their sessions and "La meva llista" as a store keeps them
 * (store/duckdb/duckdb-visitors.ts embedded, store/postgres/postgres-visitors.ts with
 * MESURA_METADATA). The other limits of visitor accounts are visitors/visitor-limits.ts.
 */
import type { AddressSignUpOutcome, PendingConfirmation } from './address-sign-up.js';

/** Items a visitor may keep in "La meva llista". */
export const MAX_LIST_ITEMS = 200;
/** Visitor accounts the server keeps at most (a bound on what sign-ups can fill). */
export const MAX_VISITOR_ACCOUNTS = 100_000;

export type ListItemType = 'article' | 'episode' | 'programme';

export interface VisitorAccount {
  /** Public id: the data layer's idUsuari. */
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  /** False until the link mailed at sign-up is followed: such an account cannot sign in. */
  confirmed: boolean;
}

/** A sign-up: the account it makes, unconfirmed, and the hashed token of the link that confirms it. */
export interface VisitorSignUp {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  confirmation: PendingConfirmation;
}

export interface ListItem {
  type: ListItemType;
  id: string;
  addedAt: number;
}

export interface VisitorStore {
  /**
   * 'created': a new unconfirmed account; 'renewed': the email's unconfirmed account now has this
   * sign-up's name, password and token (an earlier link no longer confirms); 'exists': the email
   * has a confirmed account, left as it was; 'full': at MAX_VISITOR_ACCOUNTS, whatever the email,
   * so that a full store tells nothing about one address. Unconfirmed accounts whose link has
   * expired are deleted first.
   */
  signUp(signUp: VisitorSignUp, atMs: number): Promise<AddressSignUpOutcome>;
  /** Confirms the account whose link has this token, if it has not expired; its id, or undefined. The token then confirms nothing more. */
  confirm(tokenHash: string, atMs: number): Promise<string | undefined>;
  /**
   * Keeps a password reset for the confirmed account of this email (its hashed token replaces any
   * earlier one, which then resets nothing); the account's id, or undefined when the email has no
   * confirmed account (nothing is kept).
   */
  requestPasswordReset(email: string, reset: PendingConfirmation): Promise<string | undefined>;
  /**
   * Sets the password of the account whose reset has this token, if it has not expired, and ends
   * every session of that account; its id, or undefined. The token then resets nothing more.
   */
  resetPassword(tokenHash: string, passwordHash: string, atMs: number): Promise<string | undefined>;
  byEmail(email: string): Promise<VisitorAccount | undefined>;
  byId(id: string): Promise<VisitorAccount | undefined>;
  startSession(secretHash: string, visitorId: string, atMs: number): Promise<void>;
  /** The visitor of a live session, which this use keeps alive; undefined when gone or idle too long. */
  sessionVisitor(secretHash: string, atMs: number, idleMs: number): Promise<string | undefined>;
  endSession(secretHash: string): Promise<void>;
  list(visitorId: string): Promise<ListItem[]>;
  /** 'full' at MAX_LIST_ITEMS; adding an item already there changes nothing. */
  addToList(visitorId: string, item: ListItem): Promise<'added' | 'full'>;
  removeFromList(visitorId: string, type: ListItemType, id: string): Promise<void>;
  close(): Promise<void>;
}
