/** `POST /api/session` (sign in: 204 + cookie) and `DELETE /api/session` (sign out: 204, cookie cleared). */
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { parseSignIn } from './account-requests.js';
import { authenticatedOf } from './auth-guard.js';
import type { AuthContext } from './auth-context.js';
import { originAllowed } from './origin-check.js';
import { clearedSessionCookie, sessionCookie } from './session-cookie.js';
import { TooManyAttemptsError, logIn, logOut } from './sessions.js';

export async function sessionRoutes(app: FastifyInstance, context: AuthContext): Promise<void> {
  // The answer sets the session cookie: no cache may keep it (auth-guard.ts noStore).
  app.post('/api/session', { config: { access: 'public', noStore: true } }, async (request, reply) => {
    // A browser always names its page's origin: a sign-in posted from another site is refused
    // (login CSRF); scripts, which send no Origin, may sign in.
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, context.origins)) {
      throw new HttpError(ERRORS.forbidden, `sign-in from origin ${origin} is not allowed`);
    }
    // Checked before the throttle and the audit see it: a malformed attempt is no failed sign-in.
    const { email, password } = parseSignIn(request.body);
    try {
      const secret = await logIn(context, email, password, request.ip);
      return reply.code(204).header('Set-Cookie', sessionCookie(secret, context.secureCookies)).send();
    } catch (error) {
      if (error instanceof TooManyAttemptsError) reply.header('Retry-After', String(error.retryAfterS));
      throw error;
    }
  });

  app.delete('/api/session', { config: { access: 'analyst', passwordChangeAllowed: true } }, async (request, reply) => {
    const { user, sessionSecretHash } = authenticatedOf(request);
    if (sessionSecretHash !== undefined) await logOut(context, { user, secretHash: sessionSecretHash });
    return reply.code(204).header('Set-Cookie', clearedSessionCookie(context.secureCookies)).send();
  });
}
