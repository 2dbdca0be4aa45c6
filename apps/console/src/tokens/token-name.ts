import { API_TOKEN_NAME_MAX_CHARS } from './constants';

export type TokenNameProblem = 'missing' | 'too-long';

export const TOKEN_NAME_PROBLEM_MESSAGES: Record<TokenNameProblem, string> = {
  missing: 'Doneu un nom a la clau, per saber després quin script la fa servir.',
  'too-long': `El nom pot tenir com a màxim ${API_TOKEN_NAME_MAX_CHARS} caràcters.`,
};

/** Whether a token name can be sent; surrounding spaces do not count. */
export function tokenNameProblem(name: string): TokenNameProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'missing';
  if ([...trimmed].length > API_TOKEN_NAME_MAX_CHARS) return 'too-long';
  return undefined;
}
