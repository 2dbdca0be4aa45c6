import type { ReportFailure } from './report-types';

/** What the analyst reads when a report cannot be shown, in Catalan, with what to do next. */
export function failureMessage(failure: ReportFailure): string {
  switch (failure.reason) {
    case 'rejected':
      if (failure.status === 401) return 'La sessió ha acabat. Torneu a entrar per veure aquest informe.';
      if (failure.status === 403) return 'El vostre rol no permet veure aquest informe.';
      return `El servidor no ha acceptat la consulta: ${failure.message.replace(/\.$/, '')}. Reviseu les dates.`;
    case 'server-error':
      return `El servidor no ha pogut preparar l'informe (error ${failure.status}). Torneu-ho a provar d'aquí a una estona.`;
    case 'network':
      return "No s'ha pogut connectar amb el servidor. Comproveu la connexió i torneu-ho a provar.";
    case 'malformed':
      return 'La resposta del servidor no té el format esperat. Aviseu qui manté Mesura.';
  }
}
