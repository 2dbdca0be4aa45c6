/** Where the shell mounts the area (inside the console's /consola basename). */
export const ADMIN_AREA_PATH = '/administracio';

/** The area's sub-pages, in the order of its navigation; the first is where the area opens. */
export const ADMIN_PAGES = [
  { slug: 'usuaris', label: 'Usuaris' },
  { slug: 'claus-api', label: 'Claus API' },
  { slug: 'drets-visitants', label: 'Drets dels visitants' },
  { slug: 'registre', label: 'Registre del compte' },
] as const;

export type AdminPageSlug = (typeof ADMIN_PAGES)[number]['slug'];
