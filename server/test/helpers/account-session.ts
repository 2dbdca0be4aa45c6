import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { MesuraServer } from '../../src/app.js';
import type { Role } from '../../src/shared/roles.js';
import { addUser } from '../../src/auth/users.js';
import { TEST_PASSWORD } from './test-server.js';

/** The test server's own origin: a signed-in change must name it. */
export const TEST_ORIGIN = 'http://localhost:8080';

/** `{cookie, origin}` of a new session of `email`, as the console holds it. */
export async function signIn(server: MesuraServer, email: string, password = TEST_PASSWORD): Promise<Record<string, string>> {
  const response = await server.app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(204);
  return { cookie: String(response.headers['set-cookie']).split(';', 1)[0]!, origin: TEST_ORIGIN };
}

/**
 * A session of a user of `role` (`<role>-session@test.local`, made by the server as the first
 * admin is, so with no password to change), and the user's id.
 */
export async function sessionOf(server: MesuraServer, role: Role): Promise<{ headers: Record<string, string>; userId: string }> {
  const email = `${role}-session@test.local`;
  const user = (await server.accounts.store.userByEmail(email)) ?? (await addUser(server.accounts, null, { email, password: TEST_PASSWORD, role }));
  return { headers: await signIn(server, email), userId: user.id };
}

/** app.inject with the URL required, for short calls in tests. */
export function injector(server: MesuraServer) {
  return (options: InjectOptions & { url: string }) => server.app.inject(options);
}
