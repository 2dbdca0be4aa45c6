export const MISSING_TOKEN_NAME_MESSAGE = 'Doneu un nom a la clau, per saber després quin script la fa servir.';

/** Whether a token name can be sent (surrounding spaces do not count); its length rule is the server's. */
export function isTokenNameMissing(name: string): boolean {
  return name.trim() === '';
}
