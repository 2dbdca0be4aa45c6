/**
 * Accounts on the server: opens the auth context over the account store, makes the first admin
 * when there is no user, and registers the account routes (session, me, users).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AccountStore } from '../store/account-store.js';
import { createAuthContext, type AuthContext } from './auth-context.js';
import { ensureFirstAdmin } from './first-admin.js';
import { meRoutes } from './me-routes.js';
import { sessionRoutes } from './session-routes.js';
import { userRoutes } from './user-routes.js';

export interface AccountSettings {
  dataDir: string;
  publicUrl: URL | undefined;
  siteOrigins: readonly string[];
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /**
   * Whether this process makes the first admin when there is no user: where the console is
   * served. A collector serves no sign-in, and starts without reading the accounts.
   */
  makesFirstAdmin: boolean;
}

export async function openAccounts(store: AccountStore, settings: AccountSettings, now: () => number, log: FastifyBaseLogger): Promise<AuthContext> {
  const context = createAuthContext(store, settings.publicUrl, settings.siteOrigins, now);
  if (!settings.makesFirstAdmin) return context;
  const made = await ensureFirstAdmin(context, settings.dataDir, { email: settings.adminEmail, password: settings.adminPassword });
  if (made?.passwordFile) {
    log.warn(`first start: made the admin ${made.email}; its password is in ${made.passwordFile} (read it once, sign in at /consola/entrar/, choose a new one)`);
  } else if (made) {
    log.info(`first start: made the admin ${made.email} from MESURA_ADMIN_EMAIL and MESURA_ADMIN_PASSWORD`);
  }
  return context;
}

export async function accountRoutes(app: FastifyInstance, context: AuthContext): Promise<void> {
  await app.register(sessionRoutes, context);
  await app.register(meRoutes, context);
  await app.register(userRoutes, context);
}
