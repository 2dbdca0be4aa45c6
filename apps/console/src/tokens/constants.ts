/** Longest API token name the form sends; the server has the last word on names. */
export const API_TOKEN_NAME_MAX_CHARS = 100;
