import { createContext, useContext } from 'react';
import { createAdminApi, type AdminApi } from './admin-api';

/** The area's API; the real one unless a test provides its own. */
export const AdminApiContext = createContext<AdminApi>(createAdminApi());

export function useAdminApi(): AdminApi {
  return useContext(AdminApiContext);
}
