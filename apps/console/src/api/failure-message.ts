import type { ApiFailure } from './api-answer';

/** The Catalan sentence for failures every screen shares; undefined for a refusal, which each screen words itself. */
export function commonFailureMessage(failure: ApiFailure): string | undefined {
  switch (failure.reason) {
    case 'network':
      return "No s'ha pogut connectar amb el servidor. Comproveu la connexió i torneu-ho a provar.";
    case 'server-error':
      return `El servidor ha fallat (error ${failure.status}). Torneu-ho a provar d'aquí a una estona.`;
    case 'malformed':
      return 'La resposta del servidor no té el format esperat. Aviseu qui manté Mesura.';
    case 'rejected':
      return undefined;
  }
}

/** Any failure of a console call, in Catalan; a refusal quotes the server's one-line reason. */
export function apiFailureMessage(failure: ApiFailure): string {
  const common = commonFailureMessage(failure);
  if (common !== undefined) return common;
  if (failure.reason !== 'rejected') return '';
  switch (failure.status) {
    case 401:
      return 'La sessió ha acabat. Torneu a entrar.';
    case 403:
      return 'El vostre rol no permet fer aquesta acció.';
    case 429:
      return "Massa peticions seguides. Torneu-ho a provar d'aquí a una estona.";
    default:
      return failure.message === '' ? `El servidor no ha acceptat la petició (error ${failure.status}).` : `El servidor no ha acceptat la petició: ${failure.message.replace(/\.$/, '')}.`;
  }
}
