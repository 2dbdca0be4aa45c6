import { useEffect, useRef, useState } from 'react';
import type { CreatedApiToken } from '../tokens/api-token';

interface NewTokenSecretProps {
  token: CreatedApiToken;
  onDismiss: () => void;
}

/** The secret of a token just created: the only time anyone sees it. */
export function NewTokenSecret({ token, onDismiss }: NewTokenSecretProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<boolean | undefined>(undefined);

  // Focus moves here so that a keyboard or screen-reader user lands on the secret at once.
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section className="panel token-secret" aria-labelledby="token-secret-heading">
      <h2 id="token-secret-heading" ref={heading} tabIndex={-1}>
        Clau «{token.name}» creada
      </h2>
      <p>
        <strong>Copieu-la ara: no es tornarà a mostrar.</strong> Guardeu-la on el script la pugui llegir i envieu-la a la capçalera <code>Authorization: Bearer &lt;clau&gt;</code>.
      </p>
      <p className="token-secret__value">
        <code data-testid="token-secret">{token.token}</code>
      </p>
      <div className="token-secret__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copia la clau
        </button>
        <button type="button" className="button button--quiet" onClick={onDismiss}>
          Ja l'he desada
        </button>
      </div>
      <p role="status" className="token-secret__copied">
        {copied === true && "S'ha copiat la clau."}
        {copied === false && "No s'ha pogut copiar: seleccioneu-la i copieu-la a mà."}
      </p>
    </section>
  );
}
