import { FILTER_LABELS } from '../../report-view/report-state';
import type { AlertRule } from './mail-notices-api';

/** The person's alert rules: the figure, its filters, whether it is out of range now, and "delete". */
export function AlertRuleTable({ rules, onRemove }: { rules: readonly AlertRule[]; onRemove: (id: string) => void }) {
  return (
    <table className="report-table">
      <thead>
        <tr>
          <th scope="col">Xifra</th>
          <th scope="col">Filtres</th>
          <th scope="col">Estat</th>
          <th scope="col">Accions</th>
        </tr>
      </thead>
      <tbody>
        {rules.map((rule) => (
          <tr key={rule.id}>
            <th scope="row">{rule.label}</th>
            <td>{rule.filters.map((f) => `${FILTER_LABELS[f.dimension]}: ${f.value}`).join(' · ') || 'Sense filtres'}</td>
            <td>{rule.inBreach ? 'Fora del rang' : 'Dins del rang o sense prou història'}</td>
            <td>
              <button type="button" className="button button--quiet" onClick={() => onRemove(rule.id)}>
                Esborra la regla
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
