/** Where «Avisos i informes per correu» is (shell/areas.ts), and the parameters that open it with a report chosen. */
export const AVISOS_PATH = '/avisos/';
/** The report to schedule (`area/name`). */
export const MAIL_REPORT_PARAM = 'informe';
/** The console address of the view whose filters and segment it keeps. */
export const MAIL_VIEW_PARAM = 'vista';
