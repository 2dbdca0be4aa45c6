import { useCallback, useEffect, useId } from 'react';
import { useLoaded } from '../administracio/use-loaded';
import { useExperimentsApi } from './experiments-api-context';
import { pagesUnder, type SitePage } from './site-pages';

interface PreviewPagePickerProps {
  /** The activity's audience path prefix: the pages under it are offered first. */
  prefix: string | undefined;
  /** The chosen page's path, or undefined until the site's pages are read. */
  path: string | undefined;
  onChange: (path: string) => void;
  /** The select's label; the preview's by default. */
  label?: string;
}

/**
 * Which page of the site "Previsualitza" opens: one chosen from the site's pages under the
 * activity's prefix (a prefix is no page of its own), the first of them until the editor chooses
 * or while the chosen one is no longer under the prefix.
 */
export function PreviewPagePicker({ prefix, path, onChange, label = 'Pàgina de la previsualització' }: PreviewPagePickerProps) {
  const api = useExperimentsApi();
  const id = useId();
  const pages = useLoaded(useCallback((signal?: AbortSignal) => api.sitePages(signal), [api]));
  const offered: SitePage[] = pages.state.status === 'ready' ? pagesUnder(pages.state.value, prefix) : [];
  const first = offered[0]?.path;
  // A page no longer offered (the prefix was changed) gives way to the first that is.
  const chosenOffered = offered.some((page) => page.path === path);
  useEffect(() => {
    if (!chosenOffered && first !== undefined) onChange(first);
  }, [chosenOffered, first, onChange]);
  if (pages.state.status === 'failed') return <p className="admin-note">No s'han pogut llegir les pàgines del web: la previsualització obre la portada.</p>;
  return (
    <div className="form-field preview-page-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={path ?? ''} disabled={offered.length === 0} onChange={(event) => onChange(event.target.value)}>
        {offered.map((page) => (
          <option key={page.path} value={page.path}>
            {page.title} ({page.path})
          </option>
        ))}
      </select>
    </div>
  );
}
