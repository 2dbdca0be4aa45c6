/** The admins' user management: `GET|POST /api/users`, `PATCH|DELETE /api/users/:id`. */
import type { FastifyInstance } from 'fastify';
import { parseUserChange, parseUserId } from './account-requests.js';
import { authenticatedOf } from './auth-guard.js';
import type { AuthContext } from './auth-context.js';
import { addUser, removeUser, updateUser, userView } from './users.js';

export async function userRoutes(app: FastifyInstance, context: AuthContext): Promise<void> {
  const admin = { access: 'admin' } as const;
  // A token may list users, never change them (auth-guard.ts sessionOnly).
  const adminSession = { access: 'admin', sessionOnly: true } as const;
  app.get('/api/users', { config: admin }, async () => ({ users: (await context.store.listUsers()).map(userView) }));
  app.post('/api/users', { config: adminSession }, async (request, reply) => {
    const user = await addUser(context, authenticatedOf(request).user.id, request.body);
    return reply.code(201).send(userView(user));
  });
  app.patch<{ Params: { id: string } }>('/api/users/:id', { config: adminSession }, async (request) => {
    const id = parseUserId(request.params.id);
    return userView(await updateUser(context, authenticatedOf(request).user.id, id, parseUserChange(request.body)));
  });
  app.delete<{ Params: { id: string } }>('/api/users/:id', { config: adminSession }, async (request, reply) => {
    await removeUser(context, authenticatedOf(request).user.id, parseUserId(request.params.id));
    return reply.code(204).send();
  });
}
