/** The TV pairing code as people type and read it: 6 digits, shown as "123 456". */
export const TV_CODE_DIGITS = 6;

/** The digits of what was typed ("123 456", "123-456" → "123456"); undefined unless exactly 6. */
export function normaliseTvCode(typed: string): string | undefined {
  const digits = typed.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${TV_CODE_DIGITS}}$`).test(digits) ? digits : undefined;
}

export function formatTvCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}
