import { Link } from 'react-router';

interface EditDeleteActionsProps {
  /** Where the item's edit form is. */
  editPath: string;
  /** Whether this item's deletion waits for its confirmation (the list keeps which one does). */
  confirming: boolean;
  /** Asks for the confirmation: the first press of «Esborra». */
  onAsk: () => void;
  /** Deletes: the press of «Confirma l'esborrat». */
  onConfirm: () => void;
}

/**
 * A saved definition's row actions in the goals', funnels' and segments' lists: edit it, or delete
 * it in two presses, so that one slip deletes nothing.
 */
export function EditDeleteActions({ editPath, confirming, onAsk, onConfirm }: EditDeleteActionsProps) {
  return (
    <div className="row-actions">
      <Link className="button button--quiet" to={editPath}>
        Edita
      </Link>
      {confirming ? (
        <button type="button" className="button" onClick={onConfirm}>
          Confirma l'esborrat
        </button>
      ) : (
        <button type="button" className="button button--quiet" onClick={onAsk}>
          Esborra
        </button>
      )}
    </div>
  );
}
