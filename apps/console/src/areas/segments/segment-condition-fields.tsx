import {
  SEGMENT_CONDITION_TYPES,
  SEGMENT_VISIT_ATTRIBUTES,
  type GoalDefinition,
  type GoalPageMatch,
  type SegmentCondition,
  type SegmentConditionType,
  type SegmentVisitAttribute,
} from '@mesura/protocol';
import type { FilterValue } from '../../report-view/filter-value-sources';
import { useFilterValues } from '../../report-view/use-filter-values';
import type { DateRange } from '../../reports/report-types';
import { MediaChoiceFields } from '../objectius/media-choice-fields';
import { mediaChoiceFields } from '../objectius/media-choice';
import { useReportValues } from '../objectius/use-report-values';
import { CONDITION_TYPE_LABELS, VISIT_ATTRIBUTE_LABELS } from './segment-labels';

/** The attributes whose values no filter dimension offers: read from their own report's rows. */
const ATTRIBUTE_REPORTS: Partial<Record<SegmentVisitAttribute, string>> = { browser: 'technology/browsers', referrer_group: 'acquisition/referrer-groups' };

interface ConditionFieldsProps {
  /** `g-c`: the group and the condition, for the fields' ids. */
  place: string;
  label: string;
  condition: SegmentCondition;
  onChange: (next: SegmentCondition) => void;
  onRemove: () => void;
  /** The period whose values are offered. */
  range: DateRange;
  goals: readonly GoalDefinition[];
}

/** A choice among values shown by their Catalan labels, the stored one kept even when the period lacks it. */
function Choice(props: { id: string; label: string; value: string; empty: string; values: readonly FilterValue[]; onChange: (value: string) => void }) {
  const values = props.value === '' || props.values.some((v) => v.value === props.value) ? props.values : [{ value: props.value, label: props.value }, ...props.values];
  return (
    <div className="form-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{props.empty}</option>
        {values.map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The values of a visit attribute in the period: those of its filter dimension, or of its report. */
function useAttributeValues(attribute: SegmentVisitAttribute | undefined, range: DateRange): readonly FilterValue[] {
  const report = attribute === undefined ? undefined : ATTRIBUTE_REPORTS[attribute];
  const fromReport = useReportValues(report, range);
  const dimension = attribute === undefined || report !== undefined ? 'section' : attribute;
  const fromFilter = useFilterValues(dimension as Exclude<SegmentVisitAttribute, 'browser' | 'referrer_group'>, range);
  return report !== undefined ? fromReport : attribute === undefined ? [] : fromFilter;
}

/** One condition of a segment: what it looks at, and its value chosen among those the period shows. */
export function SegmentConditionFields({ place, label, condition, onChange, onRemove, range, goals }: ConditionFieldsProps) {
  const id = (field: string) => `segment-${place}-${field}`;
  const attributeValues = useAttributeValues(condition.type === 'visit' ? condition.attribute : undefined, range);
  const pages = useReportValues(condition.type === 'page' ? 'content/pages' : undefined, range);
  const calls = useReportValues(condition.type === 'call' ? 'engagement/calls' : undefined, range);
  const programmes = useFilterValues('programme', range);
  const channels = useFilterValues('channel', range);
  const retype = (type: SegmentConditionType): SegmentCondition => (type === 'visit' ? { type, attribute: 'device', value: '' } : type === 'page' ? { type, url: '', match: 'exact' } : { type });
  return (
    <fieldset className="form-card form-card--row" aria-label={label}>
      <legend>{label}</legend>
      <div className="form-field">
        <label htmlFor={id('type')}>Condició</label>
        <select id={id('type')} value={condition.type} onChange={(event) => onChange(retype(event.target.value as SegmentConditionType))}>
          {SEGMENT_CONDITION_TYPES.map((type) => (
            <option key={type} value={type}>
              {CONDITION_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      {condition.type === 'visit' && (
        <>
          <div className="form-field">
            <label htmlFor={id('attribute')}>Atribut de la visita</label>
            <select id={id('attribute')} value={condition.attribute} onChange={(event) => onChange({ type: 'visit', attribute: event.target.value as SegmentVisitAttribute, value: '' })}>
              {SEGMENT_VISIT_ATTRIBUTES.map((attribute) => (
                <option key={attribute} value={attribute}>
                  {VISIT_ATTRIBUTE_LABELS[attribute]}
                </option>
              ))}
            </select>
          </div>
          <Choice id={id('value')} label="Valor" value={condition.value ?? ''} empty="Trieu un valor…" values={attributeValues} onChange={(value) => onChange({ ...condition, value })} />
        </>
      )}
      {condition.type === 'page' && (
        <>
          <div className="form-field">
            <label htmlFor={id('match')}>Com es compara</label>
            <select id={id('match')} value={condition.match} onChange={(event) => onChange({ ...condition, match: event.target.value as GoalPageMatch })}>
              <option value="exact">L'adreça exacta</option>
              <option value="pattern">Un patró (* vol dir qualsevol text)</option>
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={id('url')}>Adreça de la pàgina</label>
            <input id={id('url')} list={id('pages')} value={condition.url ?? ''} onChange={(event) => onChange({ ...condition, url: event.target.value })} />
            <datalist id={id('pages')}>
              {pages.map((page) => (
                <option key={page.value} value={page.value}>
                  {page.label}
                </option>
              ))}
            </datalist>
          </div>
        </>
      )}
      {condition.type === 'call' && (
        <Choice id={id('call')} label="Crida directa" value={condition.call ?? ''} empty="Trieu una crida…" values={calls} onChange={(call) => onChange({ type: 'call', call })} />
      )}
      {condition.type === 'goal' && (
        <Choice
          id={id('goal')}
          label="Objectiu"
          value={condition.goal ?? ''}
          empty="Trieu un objectiu…"
          values={goals.map((g) => ({ value: g.id, label: g.name }))}
          onChange={(goal) => onChange({ type: 'goal', goal })}
        />
      )}
      {condition.type === 'media' && (
        <>
          <MediaChoiceFields
            idPrefix={`segment-${place}`}
            moment={condition.moment ?? 'start'}
            stream={condition.stream ?? ''}
            onChange={({ moment, stream }) => {
              const { moment: _moment, stream: _stream, ...rest } = condition;
              onChange({ ...rest, ...mediaChoiceFields(moment, stream) });
            }}
          />
          <Choice
            id={id('programme')}
            label="Programa"
            value={condition.programme ?? ''}
            empty="Qualsevol programa"
            values={programmes}
            onChange={(programme) => onChange({ ...condition, programme })}
          />
          <Choice id={id('channel')} label="Canal" value={condition.channel ?? ''} empty="Qualsevol canal" values={channels} onChange={(channel) => onChange({ ...condition, channel })} />
        </>
      )}
      <button type="button" className="button button--quiet" onClick={onRemove}>
        Treu la condició
      </button>
    </fieldset>
  );
}
