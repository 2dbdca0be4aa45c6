import type { RefObject } from 'react';
import { newExperienceDraft, type ActivityDraft, type ExperienceDraft } from './activity-draft';
import { OfferActionsEditor } from './offer-actions-editor';

interface ExperiencesFieldsProps {
  draft: ActivityDraft;
  onChange: (next: ActivityDraft) => void;
  /** Takes focus when a problem is about the experiences. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The experiences: the first is the control; A/B tests give each a share of the visitors. */
export function ExperiencesFields({ draft, onChange, headingRef }: ExperiencesFieldsProps) {
  const set = (experiences: ExperienceDraft[]) => onChange({ ...draft, experiences });
  const update = (i: number, patch: Partial<ExperienceDraft>) => set(draft.experiences.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  const total = draft.experiences.reduce((sum, e) => sum + (Number(e.share.replace(',', '.')) || 0), 0);

  return (
    <section className="form-card experiment-fieldset" aria-labelledby="experiences-heading">
      <h2 id="experiences-heading" ref={headingRef} tabIndex={-1}>
        Experiències
      </h2>
      <p className="admin-note">
        La primera és el control, la referència dels resultats: normalment mostra la pàgina sense canvis.
        {draft.type === 'ab' && ` Les quotes sumen ${total.toLocaleString('ca-ES')} % (es reparteixen en proporció).`}
      </p>
      {draft.experiences.map((experience, i) => {
        const owner = experience.name.trim() === '' ? `experiència ${i + 1}` : experience.name;
        return (
          <fieldset key={experience.key} className="experience-card">
            <legend>
              {i === 0 ? 'Control' : `Experiència ${i + 1}`}
              {experience.id === undefined ? '' : ` (${experience.id})`}
            </legend>
            <div className="form-card--inline experience-card__head">
              <div className="form-field">
                <label htmlFor={`experience-${i}-name`}>Nom de l'experiència {i + 1}</label>
                <input id={`experience-${i}-name`} value={experience.name} onChange={(event) => update(i, { name: event.target.value })} />
              </div>
              {draft.type === 'ab' && (
                <div className="form-field">
                  <label htmlFor={`experience-${i}-share`}>Quota de l'experiència {i + 1} (%)</label>
                  <input id={`experience-${i}-share`} inputMode="decimal" value={experience.share} onChange={(event) => update(i, { share: event.target.value })} />
                </div>
              )}
              {draft.experiences.length > 1 && (
                <button type="button" className="button button--quiet" onClick={() => set(draft.experiences.filter((_, j) => j !== i))}>
                  Treu {owner}
                </button>
              )}
            </div>
            <OfferActionsEditor owner={owner} actions={experience.actions} onChange={(actions) => update(i, { actions })} />
          </fieldset>
        );
      })}
      <button type="button" className="button button--quiet" onClick={() => set([...draft.experiences, newExperienceDraft(draft.experiences.length)])}>
        Afegeix una experiència
      </button>
    </section>
  );
}
