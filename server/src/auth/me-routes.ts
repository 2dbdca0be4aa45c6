/**
 * The signed-in user's own routes: `GET /api/me`, `POST /api/me/password`, and their API tokens
 * (`GET|POST /api/me/tokens`, `DELETE /api/me/tokens/:id`).
 */
import type { FastifyInstance } from 'fastify';
import { parseNewToken, parsePasswordChange, parseTokenId } from './account-requests.js';
import { createToken, revokeToken, tokenView } from './api-tokens.js';
import { authenticatedOf } from './auth-guard.js';
import type { AuthContext } from './auth-context.js';
import { changeOwnPassword } from './users.js';

export async function meRoutes(app: FastifyInstance, context: AuthContext): Promise<void> {
  const signedIn = { access: 'analyst', passwordChangeAllowed: true } as const;
  const tokenChange = { access: 'analyst', sessionOnly: true } as const;
  app.get('/api/me', { config: signedIn }, async (request) => {
    const { user } = authenticatedOf(request);
    // The role the caller acts with now: a token's may be below its owner's.
    return { id: user.id, email: user.email, role: request.principal?.role ?? user.role, mustChangePassword: user.mustChangePassword };
  });
  app.post('/api/me/password', { config: { ...signedIn, sessionOnly: true } }, async (request, reply) => {
    const { user, sessionSecretHash } = authenticatedOf(request);
    await changeOwnPassword(context, user, parsePasswordChange(request.body), sessionSecretHash);
    return reply.code(204).send();
  });

  app.get('/api/me/tokens', { config: { access: 'analyst' } }, async (request) => {
    const { user } = authenticatedOf(request);
    return { tokens: (await context.store.tokensOf(user.id)).map(tokenView) };
  });
  app.post('/api/me/tokens', { config: tokenChange }, async (request, reply) => {
    const { user } = authenticatedOf(request);
    return reply.code(201).send(await createToken(context, user, parseNewToken(request.body)));
  });
  app.delete<{ Params: { id: string } }>('/api/me/tokens/:id', { config: tokenChange }, async (request, reply) => {
    const { user } = authenticatedOf(request);
    await revokeToken(context, user, parseTokenId(request.params.id));
    return reply.code(204).send();
  });
}
