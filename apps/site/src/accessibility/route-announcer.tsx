import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { browserStorage, screenReaderPreference } from './preferences';

/**
 * For a visitor who said they use a screen reader: after each navigation inside the site, the new
 * page's title is announced and focus moves to its main heading, as a full page load would do.
 */
export function RouteAnnouncer() {
  const { key } = useLocation();
  const [message, setMessage] = useState('');
  // The first navigation's key, once its page has rendered; every navigation after it is announced.
  const first = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (first.current === undefined) {
      // The first page is announced by the browser's own page load.
      first.current = key;
      return;
    }
    if (!screenReaderPreference(browserStorage())) return;
    // After the page has rendered its title and heading.
    const timer = window.setTimeout(() => {
      setMessage(`Pàgina carregada: ${document.title}`);
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    }, 0);
    return () => window.clearTimeout(timer);
  }, [key]);
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {message}
    </p>
  );
}
