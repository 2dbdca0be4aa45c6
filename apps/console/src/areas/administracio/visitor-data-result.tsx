import { useRef } from 'react';
import { formatCount } from '../../reports/format';
import { RowCountsList, rowCountsText } from './row-counts-list';
import { saveJsonFile } from './save-json-file';
import { useFocusWhen } from './use-focus-when';
import { totalRows, type VisitorDataCopy } from './visitor-rights';

interface VisitorDataResultProps {
  copy: VisitorDataCopy;
  confirming: boolean;
  sending: boolean;
  onConfirming: (confirming: boolean) => void;
  onErase: () => void;
}

/** A looked-up visitor: rows per table, the JSON to save, and the erasure with its confirmation naming the id and the rows. */
export function VisitorDataResult({ copy, confirming, sending, onConfirming, onErase }: VisitorDataResultProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  // A new result, or a cancelled confirmation, brings focus back to the result.
  useFocusWhen(heading, confirming ? undefined : copy);
  useFocusWhen(confirmHeading, confirming);
  const { visitorId, counts } = copy;

  return (
    <section className="admin-result" aria-labelledby="visitor-data-heading">
      <h3 id="visitor-data-heading" ref={heading} tabIndex={-1}>
        Dades del visitant <code>{visitorId}</code>
      </h3>
      <RowCountsList counts={counts} />
      <div className="token-secret__actions">
        <button type="button" className="button" onClick={() => saveJsonFile(`mesura-visitant-${visitorId}.json`, copy.json)}>
          Desa les dades (JSON)
        </button>
        {!confirming && (
          <button type="button" className="button button--danger" disabled={sending} onClick={() => onConfirming(true)}>
            Esborra aquest visitant…
          </button>
        )}
      </div>
      {confirming && (
        <fieldset className="admin-confirm" aria-labelledby="erase-confirm-heading">
          <h4 id="erase-confirm-heading" ref={confirmHeading} tabIndex={-1}>
            Voleu esborrar definitivament el visitant <code>{visitorId}</code>?
          </h4>
          <p>
            S'esborraran {formatCount(totalRows(counts))} files de totes les taules ({rowCountsText(counts)}), i també les que hagin arribat des de la consulta. No es pot desfer.
          </p>
          <button type="button" className="button button--danger" disabled={sending} onClick={onErase}>
            Sí, esborra {visitorId}
          </button>{' '}
          <button type="button" className="button button--quiet" onClick={() => onConfirming(false)}>
            Cancel·la
          </button>
        </fieldset>
      )}
    </section>
  );
}
