/**
 * Audience path patterns, matched in linear time. A JavaScript RegExp backtracks: `^/(a+)+$`
 * against a 29-character path held the whole server for seconds. Patterns are compiled with
 * RE2JS (a pure-JavaScript RE2), whose automaton reads each character a bounded number of times,
 * so a pattern's cost grows with the path's length only; constructs that need backtracking
 * (backreferences, lookaround) do not compile, and a definition using them is refused.
 */
import { RE2JS } from 're2js';

/**
 * Paths longer than this match no pattern: no page of the site has one, and it bounds the work
 * one decision request can ask of every activity's pattern.
 */
export const MAX_AUDIENCE_PATH_CHARS = 2048;

export type PatternResult = { ok: true; pattern: RE2JS } | { ok: false; reason: string };

/** Compiles a pattern, or says in one line why it cannot be matched in linear time. */
export function compilePathPattern(source: string): PatternResult {
  try {
    return { ok: true, pattern: RE2JS.compile(source) };
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
    return { ok: false, reason: `audience path regex ${JSON.stringify(source)} is not a linear-time (RE2) pattern: ${detail}` };
  }
}

/** Compiled patterns, by the condition object that holds them: dropped with their activity. */
const compiled = new WeakMap<object, RE2JS | null>();

/** Whether the pattern occurs in the path (RegExp.test's meaning); an uncompilable pattern never matches. */
export function pathMatchesPattern(condition: { regex?: string }, path: string): boolean {
  if (condition.regex === undefined) return true;
  if (path.length > MAX_AUDIENCE_PATH_CHARS) return false;
  let pattern = compiled.get(condition);
  if (pattern === undefined) {
    const result = compilePathPattern(condition.regex);
    pattern = result.ok ? result.pattern : null;
    compiled.set(condition, pattern);
  }
  return pattern?.test(path) ?? false;
}
