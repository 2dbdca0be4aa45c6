/**
 * Where the participation features keep what visitors give them: poll answers and newsletter
 * addresses (store/duckdb/duckdb-engagement.ts embedded, store/postgres/postgres-engagement.ts
 * with MESURA_METADATA). The other limits of those features are engagement/engagement-limits.ts.
 */
import type { AddressSignUpOutcome, PendingConfirmation } from './address-sign-up.js';

/** Newsletter addresses kept at most: past it the form answers 503 rather than grow without bound. */
export const MAX_NEWSLETTER_SUBSCRIBERS = 1_000_000;
/** Answers kept per poll at most. */
export const MAX_ANSWERS_PER_POLL = 1_000_000;

/** 'stored': a new row; 'already': the key was there (nothing changed); 'full': the table is at its bound. */
export type StoreOutcome = 'stored' | 'already' | 'full';

export interface EngagementStore {
  answerPoll(answer: { pollId: string; participantId: string; optionId: string; atMs: number }): Promise<StoreOutcome>;
  /** The option this participant chose in this poll, if any. */
  participantAnswer(pollId: string, participantId: string): Promise<string | undefined>;
  /** Answers per option id (options nobody chose are absent). */
  pollCounts(pollId: string): Promise<Record<string, number>>;
  /**
   * Keeps an address, unconfirmed, with the hashed token of the link that confirms it (see
   * AddressSignUpOutcome); 'full' at MAX_NEWSLETTER_SUBSCRIBERS whatever the address. Unconfirmed
   * addresses whose link has expired are forgotten first.
   */
  subscribe(email: string, confirmation: PendingConfirmation, atMs: number): Promise<AddressSignUpOutcome>;
  /** Confirms the subscription whose link has this token, if it has not expired; false otherwise. The token then confirms nothing more. */
  confirmSubscription(tokenHash: string, atMs: number): Promise<boolean>;
  close(): Promise<void>;
}
