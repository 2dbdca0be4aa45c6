import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** The navigation's id: the no-JavaScript link's target and the button's `aria-controls`. */
export const SITE_MENU_ID = 'navegacio-principal';

const noSubscription = () => () => {};

/**
 * The main navigation, behind a «Menú» control on narrow screens (the styles show the control and
 * hide the navigation under 48rem; from there up both are always in view and the control is not).
 *
 * The server's first view has no JavaScript yet, so there the control is a link to the navigation
 * (`#navegacio-principal`), which the styles open with `:target`. The browser's app renders a
 * button instead (a disclosure: `aria-expanded`, `aria-controls`) that opens it; Escape closes it
 * and gives focus back to the button, and so does any navigation.
 */
export function SiteMenu({ label, children }: { label: string; children: ReactNode }) {
  // False in the server's render, true in the browser's (the app renders; it does not hydrate).
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // Open at one history entry: any navigation (a new entry) closes it.
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | undefined>(undefined);
  const open = openAt === key;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(undefined);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      {inBrowser ? (
        <button ref={button} type="button" className="site-menu__toggle" aria-expanded={open} aria-controls={SITE_MENU_ID} onClick={() => setOpenAt(open ? undefined : key)}>
          Menú
        </button>
      ) : (
        <a className="site-menu__toggle" href={`#${SITE_MENU_ID}`}>
          Menú
        </a>
      )}
      <nav id={SITE_MENU_ID} aria-label={label} className="site-menu" data-open={open ? '' : undefined}>
        {children}
      </nav>
    </>
  );
}
