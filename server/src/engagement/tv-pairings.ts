/**
 * Watch on TV: a receiver (the /tv/ page on the TV's browser) asks for a pairing and shows its
 * 6-digit code; a visitor types the code on the site and casts a media item; the receiver hears
 * of it on its event stream and plays it. Kept in memory: a pairing is short-lived and a restart
 * only makes the TV ask for a new code. Bounded and expiring by the named limits; time is the
 * caller's clock, so tests run on fake time.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { TV_PAIRING_CODE_DIGITS } from '@mesura/content';
import type { TvMedia } from '@mesura/protocol';
import { secretsEqual } from '../digest-equal.js';
import { MAX_ACTIVE_TV_PAIRINGS, MAX_TV_LISTENERS_PER_PAIRING, TV_PAIRED_SESSION_TTL_MS, TV_PAIRING_CODE_TTL_MS } from './engagement-limits.js';

export type TvListener = (media: TvMedia) => void;

interface Pairing {
  code: string;
  /** Only the receiver that asked for the code may listen to it. */
  receiverToken: string;
  expiresAtMs: number;
  listeners: Set<TvListener>;
}

export type CastOutcome = 'cast' | 'unknown' | 'no-receiver';

export const TV_CODE_FORMAT = new RegExp(`^\\d{${TV_PAIRING_CODE_DIGITS}}$`);

export class TvPairings {
  private readonly pairings = new Map<string, Pairing>();

  constructor(private readonly now: () => number) {}

  /** A new code for a receiver, or undefined when MAX_ACTIVE_TV_PAIRINGS are alive. */
  create(): { code: string; receiverToken: string; expiresAtMs: number } | undefined {
    this.sweep();
    if (this.pairings.size >= MAX_ACTIVE_TV_PAIRINGS) return undefined;
    let code: string;
    do code = String(randomInt(0, 10 ** TV_PAIRING_CODE_DIGITS)).padStart(TV_PAIRING_CODE_DIGITS, '0');
    while (this.pairings.has(code));
    const pairing = { code, receiverToken: randomBytes(18).toString('base64url'), expiresAtMs: this.now() + TV_PAIRING_CODE_TTL_MS, listeners: new Set<TvListener>() };
    this.pairings.set(code, pairing);
    return { code, receiverToken: pairing.receiverToken, expiresAtMs: pairing.expiresAtMs };
  }

  /**
   * Registers the receiver's listener; answers the function that removes it, or undefined when the
   * code is unknown, expired, not this receiver's, or has MAX_TV_LISTENERS_PER_PAIRING already.
   */
  listen(code: string, receiverToken: string, listener: TvListener): (() => void) | undefined {
    const pairing = this.alive(code);
    if (!pairing || !secretsEqual(receiverToken, pairing.receiverToken) || pairing.listeners.size >= MAX_TV_LISTENERS_PER_PAIRING) return undefined;
    pairing.listeners.add(listener);
    return () => pairing.listeners.delete(listener);
  }

  /** Sends the media to the code's receiver; a cast keeps the pairing alive TV_PAIRED_SESSION_TTL_MS longer. */
  cast(code: string, media: TvMedia): CastOutcome {
    const pairing = this.alive(code);
    if (!pairing) return 'unknown';
    if (pairing.listeners.size === 0) return 'no-receiver';
    pairing.expiresAtMs = this.now() + TV_PAIRED_SESSION_TTL_MS;
    for (const listener of pairing.listeners) listener(media);
    return 'cast';
  }

  /** When the code stops working (undefined when it already has). */
  expiresAt(code: string): number | undefined {
    return this.alive(code)?.expiresAtMs;
  }

  get size(): number {
    this.sweep();
    return this.pairings.size;
  }

  private alive(code: string): Pairing | undefined {
    const pairing = this.pairings.get(code);
    if (pairing && pairing.expiresAtMs <= this.now()) {
      this.pairings.delete(code);
      return undefined;
    }
    return pairing;
  }

  /** Expired pairings go when anyone asks for a new one: no timer per pairing. */
  private sweep(): void {
    const now = this.now();
    for (const [code, pairing] of this.pairings) if (pairing.expiresAtMs <= now) this.pairings.delete(code);
  }
}
