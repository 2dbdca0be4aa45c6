/** Where the shell mounts the area (inside the console's /consola basename) and its pages' addresses. */
export const EXPERIMENTS_AREA_PATH = '/experiments';

export const newActivityPath = () => `${EXPERIMENTS_AREA_PATH}/nou/`;
export const activityPath = (id: string) => `${EXPERIMENTS_AREA_PATH}/${encodeURIComponent(id)}/`;
export const editActivityPath = (id: string) => `${EXPERIMENTS_AREA_PATH}/${encodeURIComponent(id)}/edita/`;
