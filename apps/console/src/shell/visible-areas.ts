import { ROLES, type Role } from '../session/roles';
import type { ConsoleArea } from './area';

/** Whether a person of `role` may open `area`: roles are ordered, each may do all the one before may. */
export function mayOpen(area: Pick<ConsoleArea, 'minRole'>, role: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(area.minRole);
}

/** The areas a person of `role` may open, in their order. */
export function visibleAreas<A extends Pick<ConsoleArea, 'minRole'>>(areas: readonly A[], role: Role): A[] {
  return areas.filter((area) => mayOpen(area, role));
}
