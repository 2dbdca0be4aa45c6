/** The admins' user management: `GET|POST /api/users`, `PATCH|DELETE /api/users/:id`. */
import type { FastifyInstance } from 'fastify';
import { objectBody } from './account-rules.js';
import { authenticatedOf } from './auth-guard.js';
import type { AuthContext } from './auth-context.js';
import { addUser, removeUser, updateUser, userView } from './users.js';

export async function userRoutes(app: FastifyInstance, context: AuthContext): Promise<void> {
  const admin = { access: 'admin' } as const;
  // A token may list users, never change them (auth-guard.ts sessionOnly).
  const adminSession = { access: 'admin', sessionOnly: true } as const;
  app.get('/api/users', { config: admin }, async () => ({ users: (await context.store.listUsers()).map(userView) }));
  app.post('/api/users', { config: adminSession }, async (request, reply) => {
    const body = objectBody(request.body);
    const user = await addUser(context, authenticatedOf(request).user.id, { email: body.email, password: body.password, role: body.role });
    return reply.code(201).send(userView(user));
  });
  app.patch<{ Params: { id: string } }>('/api/users/:id', { config: adminSession }, async (request) => {
    const user = await updateUser(context, authenticatedOf(request).user.id, request.params.id, objectBody(request.body));
    return userView(user);
  });
  app.delete<{ Params: { id: string } }>('/api/users/:id', { config: adminSession }, async (request, reply) => {
    await removeUser(context, authenticatedOf(request).user.id, request.params.id);
    return reply.code(204).send();
  });
}
