import type { ComponentType, LazyExoticComponent } from 'react';
import type { Role } from '../session/roles';

/** One area of the console: a top-level section with its own lazily loaded chunk. */
export interface ConsoleArea {
  /** Path segment under the console (`/consola/<path>/`), also the folder under `src/areas/`. */
  path: string;
  /** Catalan name in the navigation and the area's heading. */
  label: string;
  /** The least powerful role that may open it (`src/session/roles.ts`). */
  minRole: Role;
  /** The area's entry component, `src/areas/<path>/<path>-area.tsx`, loaded when first opened. */
  component: LazyExoticComponent<ComponentType>;
}
