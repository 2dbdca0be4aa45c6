/** `s:event:sid` (and ad and chapter ids): "epoch ms followed by random digits" (wire §2). */
import { SESSION_ID_RANDOM_DIGITS } from './constants.js';

export function newSessionId(nowMs: number, random: () => number): string {
  let digits = '';
  for (let i = 0; i < SESSION_ID_RANDOM_DIGITS; i++) digits += Math.floor(random() * 10);
  return `${Math.floor(nowMs)}${digits}`;
}
