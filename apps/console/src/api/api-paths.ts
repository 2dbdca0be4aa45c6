export const SESSION_API_PATH = '/api/session';
export const ME_API_PATH = '/api/me';
export const PASSWORD_API_PATH = '/api/me/password';
export const API_TOKENS_API_PATH = '/api/me/tokens';
