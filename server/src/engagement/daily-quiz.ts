/**
 * The daily quiz (/joc/): five questions drawn from the pool below, the same for everybody on one
 * day of the site's time zone and different the next day. The answers go to the browser with the
 * questions: it is a game played in the page, not an exam, and nothing is scored on the server.
 */
import { QUIZ_QUESTIONS_PER_DAY } from './engagement-limits.js';
import { QUIZ_POOL, type QuizQuestion } from './quiz-pool.js';

export interface DailyQuiz {
  /** YYYY-MM-DD in the site's time zone. */
  day: string;
  questions: QuizQuestion[];
}

/** FNV-1a over the day: a stable 32-bit seed per day. */
function seedOf(day: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < day.length; i++) {
    hash ^= day.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small deterministic generator, so the draw is the same on every server. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function dailyQuiz(day: string, pool: readonly QuizQuestion[] = QUIZ_POOL): DailyQuiz {
  const random = generator(seedOf(day));
  const order = pool.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return { day, questions: order.slice(0, QUIZ_QUESTIONS_PER_DAY).map((i) => pool[i]!) };
}
