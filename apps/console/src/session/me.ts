import { isRecord } from '../api/api-answer';
import { isRole, type Role } from './roles';

/** GET /api/me: the signed-in person. */
export interface Me {
  id: string;
  email: string;
  role: Role;
  /** True until the initial password has been replaced; every other call answers 403 meanwhile. */
  mustChangePassword: boolean;
}

/** The body of GET /api/me, or undefined when it is not one. Ids may come as numbers; they are kept as text. */
export function parseMe(body: unknown): Me | undefined {
  if (!isRecord(body)) return undefined;
  const { id, email, role, mustChangePassword } = body;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof email !== 'string' || !isRole(role)) return undefined;
  return { id: String(id), email, role, mustChangePassword: mustChangePassword === true };
}
