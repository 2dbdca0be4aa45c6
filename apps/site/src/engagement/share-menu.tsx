/**
 * ShareMenu: "Comparteix" for a page.
 *   <ShareMenu title={article.title} url={canonicalUrl} detail={linkCallDetail} />
 * - title: what the shared message says; url: the address shared (a path is resolved against the
 *   page's address in the browser, so that pages rendered on the server can pass their path);
 * - detail: the §7 link variables of the page (measurement/direct-calls.ts LinkCallDetail); the
 *   menu fills xarxaAccioContingut with the way it was shared and sends scCompartir (event3)
 *   once the visitor has shared (a network opened, the link copied, the system sheet completed).
 * Where the browser has Web Share (navigator.share) the button opens the system's sheet; elsewhere
 * a menu (menu button pattern: arrows move, Escape closes and gives focus back to the button) with
 * X, Facebook, WhatsApp, Telegram and e-mail, each opening its real share address, and
 * "Copia l'enllaç" with a visible confirmation.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { sendDirectCall, type LinkCallDetail } from '../measurement/direct-calls';
import { SHARE_LABELS, SHARE_NETWORKS, shareUrl, type ShareChannel } from './share-links';
import './engagement.css';

export interface ShareMenuProps {
  title: string;
  url: string;
  detail: LinkCallDetail;
}

export function ShareMenu({ title, url: address, detail }: ShareMenuProps) {
  const url = typeof window === 'undefined' ? address : new URL(address, window.location.href).href;
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'failed' | undefined>();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const measure = (channel: ShareChannel, linkUrl?: string) => sendDirectCall('scCompartir', { ...detail, linkText: 'Comparteix', xarxaAccioContingut: channel, ...(linkUrl && { linkUrl }) });

  useEffect(() => {
    if (open) menuItems(menuRef.current)[0]?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButton = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        measure('nadiu');
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing shared, nothing measured.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setCopied(undefined);
    setOpen((was) => !was);
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = menuItems(menuRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Tab') setOpen(false);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
      measure('enllac', url);
    } catch {
      setCopied('failed');
    }
    close();
  };

  return (
    <div className="share-menu">
      <button ref={buttonRef} type="button" className="engagement-button" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={onButton}>
        Comparteix
      </button>
      <div ref={menuRef} id={menuId} role="menu" aria-label="Comparteix a" className="share-menu-list" hidden={!open} onKeyDown={onMenuKey}>
        {SHARE_NETWORKS.map((network) => {
          const href = shareUrl(network, title, url);
          return (
            <a
              key={network}
              role="menuitem"
              tabIndex={-1}
              href={href}
              data-network={network}
              // Measured as scCompartir: not an exit link for the activity-map module as well.
              data-mesura-call="scCompartir"
              {...(network === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              onClick={() => {
                measure(network, href);
                setOpen(false);
              }}
            >
              {SHARE_LABELS[network]}
            </a>
          );
        })}
        <button role="menuitem" tabIndex={-1} type="button" onClick={copy}>
          Copia l'enllaç
        </button>
      </div>
      <p role="status" className="engagement-status">
        {copied === 'copied' ? 'Enllaç copiat al porta-retalls.' : copied === 'failed' ? "No s'ha pogut copiar l'enllaç." : ''}
      </p>
    </div>
  );
}

/** The menu's items, in their order. */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}
