/** The TV pairing code as people type and read it: 6 digits, shown as "123 456". */
import { TV_PAIRING_CODE_DIGITS } from '@mesura/content';

/** Room in the code field for the digits and a separator between each pair ("12 34 56"). */
export const TV_CODE_INPUT_MAX_CHARS = TV_PAIRING_CODE_DIGITS + 3;

/** The digits of what was typed ("123 456", "123-456" → "123456"); undefined unless exactly 6. */
export function normaliseTvCode(typed: string): string | undefined {
  const digits = typed.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${TV_PAIRING_CODE_DIGITS}}$`).test(digits) ? digits : undefined;
}

/**
 * The code field's `pattern`: digits, spaces and dashes, as normaliseTvCode accepts. Browsers
 * compile `pattern` with the `v` flag, where a bare `-` inside a class is a syntax error (the
 * browser then logs it and ignores the pattern), so the dash is escaped.
 */
export const TV_CODE_INPUT_PATTERN = '[0-9 \\-]*';

export function formatTvCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}
