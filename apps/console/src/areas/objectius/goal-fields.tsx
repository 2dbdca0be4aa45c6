import type { GoalPageMatch } from '@mesura/protocol';
import type { FilterValue } from '../../report-view/filter-value-sources';
import { useFilterValues } from '../../report-view/use-filter-values';
import type { DateRange } from '../../reports/report-types';
import type { GoalDraft } from './goal-draft';
import { GOAL_TYPE_NOTES } from './goal-labels';
import { MediaChoiceFields } from './media-choice-fields';
import { useReportValues } from './use-report-values';

interface GoalFieldsProps {
  draft: GoalDraft;
  onChange: (next: GoalDraft) => void;
  /** The period whose values are offered (the calls seen, the pages visited, the programmes played). */
  range: DateRange;
}

/** The fields of the chosen type: a page's address, a call, a media's moment, stream, programme and channel, or a note. */
export function GoalTypeFields({ draft, onChange, range }: GoalFieldsProps) {
  const note = GOAL_TYPE_NOTES[draft.type];
  if (draft.type === 'page') return <PageFields draft={draft} onChange={onChange} range={range} />;
  if (draft.type === 'call') return <CallField draft={draft} onChange={onChange} range={range} />;
  if (draft.type === 'media') return <MediaFields draft={draft} onChange={onChange} range={range} />;
  return note ? <p className="admin-note">{note}</p> : null;
}

function PageFields({ draft, onChange, range }: GoalFieldsProps) {
  const pages = useReportValues('content/pages', range);
  return (
    <>
      <div className="form-field">
        <label htmlFor="goal-match">Com es compara</label>
        <select id="goal-match" value={draft.match} onChange={(event) => onChange({ ...draft, match: event.target.value as GoalPageMatch })}>
          <option value="exact">L'adreça exacta</option>
          <option value="pattern">Un patró (* vol dir qualsevol text)</option>
        </select>
      </div>
      <div className="form-field">
        <label htmlFor="goal-url">Adreça de la pàgina</label>
        <input id="goal-url" list="goal-url-pages" value={draft.url} onChange={(event) => onChange({ ...draft, url: event.target.value })} aria-describedby="goal-url-hint" />
        <datalist id="goal-url-pages">
          {pages.map((page) => (
            <option key={page.value} value={page.value}>
              {page.label}
            </option>
          ))}
        </datalist>
        <p className="admin-note" id="goal-url-hint">
          {draft.match === 'pattern' ? 'Per exemple, */programes/* compta qualsevol pàgina de programes.' : 'Trieu-ne una de les visitades o escriviu-la sencera.'}
        </p>
      </div>
    </>
  );
}

/** The options of a choice: the period's values, with the one stored kept even if the period has none. */
function withCurrent(values: readonly FilterValue[], current: string): readonly FilterValue[] {
  return current === '' || values.some((v) => v.value === current) ? values : [{ value: current, label: current }, ...values];
}

function CallField({ draft, onChange, range }: GoalFieldsProps) {
  const calls = withCurrent(useReportValues('engagement/calls', range), draft.call);
  return (
    <div className="form-field">
      <label htmlFor="goal-call">Crida directa</label>
      <select id="goal-call" value={draft.call} onChange={(event) => onChange({ ...draft, call: event.target.value })}>
        <option value="">Trieu una crida…</option>
        {calls.map((call) => (
          <option key={call.value} value={call.value}>
            {call.label}
          </option>
        ))}
      </select>
      {calls.length === 0 && <p className="admin-note">El període triat no té crides directes per triar-ne una.</p>}
    </div>
  );
}

function MediaFields({ draft, onChange, range }: GoalFieldsProps) {
  const programmes = withCurrent(useFilterValues('programme', range), draft.programme);
  const channels = withCurrent(useFilterValues('channel', range), draft.channel);
  return (
    <>
      <MediaChoiceFields idPrefix="goal" moment={draft.moment} stream={draft.stream} onChange={(choice) => onChange({ ...draft, ...choice })} />
      <div className="form-field">
        <label htmlFor="goal-programme">Programa</label>
        <select id="goal-programme" value={draft.programme} onChange={(event) => onChange({ ...draft, programme: event.target.value })}>
          <option value="">Qualsevol programa</option>
          {programmes.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor="goal-channel">Canal</label>
        <select id="goal-channel" value={draft.channel} onChange={(event) => onChange({ ...draft, channel: event.target.value })}>
          <option value="">Qualsevol canal</option>
          {channels.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
