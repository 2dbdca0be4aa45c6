import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ReportParamControl } from '@mesura/protocol';
import { choosePage, pageText, type PageOption } from './page-choice';
import { reportQuery } from './report-state';
import { useReportsApi } from './reports-api-context';
import { useReportState } from './use-report-state';

/** How many of the period's most viewed pages the field offers as it is typed in. */
export const PAGE_OPTIONS_MAX = 200;

interface PageControlProps {
  control: ReportParamControl;
  value: string | undefined;
  onChange: (name: string, value: string | undefined) => void;
}

/**
 * A report's page parameter as a search field: the analyst types a title, a path or an address,
 * helped by the period's most viewed pages (content/pages, the filters and segment in force), and
 * "Mostra" asks the report for that page.
 */
export function PageControl({ control, value, onChange }: PageControlProps) {
  const id = useId();
  const listId = useId();
  const options = usePageOptions();
  const [text, setText] = useState(value === undefined ? '' : pageText(value, options));
  const [unknown, setUnknown] = useState(false);
  useEffect(() => {
    if (value !== undefined) setText(pageText(value, options));
  }, [value, options]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = choosePage(text, options);
    setUnknown(url === undefined);
    if (url !== undefined) onChange(control.name, url);
  };
  return (
    <form className="report-params__field" aria-label={control.label} onSubmit={submit}>
      <label htmlFor={id}>{control.label}</label>{' '}
      <input id={id} type="search" list={listId} value={text} placeholder="Títol, camí o adreça" onChange={(event) => setText(event.target.value)} aria-invalid={unknown} />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.url} value={option.title} label={option.url} />
        ))}
      </datalist>{' '}
      <button type="submit" className="button button--quiet">
        Mostra
      </button>
      {value !== undefined && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => onChange(control.name, undefined)}>
            {control.absentLabel}
          </button>
        </>
      )}
      {unknown && (
        <span className="report-params__hint" role="alert">
          {' '}
          Cap pàgina del període no té aquest títol, camí o adreça.
        </span>
      )}
    </form>
  );
}

/** The period's most viewed pages, by title (a page without one by its address), for the field to offer. */
function usePageOptions(): PageOption[] {
  const api = useReportsApi();
  const [state] = useReportState();
  const query = reportQuery({ ...state, compare: false }, {}, PAGE_OPTIONS_MAX);
  const [options, setOptions] = useState<PageOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void api.report('content/pages', query, controller.signal).then((result) => {
      if (controller.signal.aborted || !result.ok) return;
      setOptions(result.value.rows.filter((row) => !row.hidden && row.key !== '(altres)').map((row) => ({ url: row.key, title: row.label })));
    });
    return () => controller.abort();
  }, [api, query]);
  return options;
}
