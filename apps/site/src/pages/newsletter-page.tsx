import { NEWSLETTER_CONFIRMATION_PARAM, confirmationOutcome, type ConfirmationOutcome } from '@mesura/content';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';

/** What the mailed confirmation link found (?estat=), in the visitor's words. */
const OUTCOMES: Record<ConfirmationOutcome, { heading: string; text: string }> = {
  confirmat: {
    heading: 'Subscripció confirmada',
    text: 'Gràcies! La vostra subscripció al butlletí de Mesura.cat està confirmada: el rebreu cada matí.',
  },
  'enllac-caducat': {
    heading: 'Aquest enllaç ja no és vàlid',
    text: 'L’enllaç de confirmació ja s’ha fet servir o ha caducat. Si encara no rebeu el butlletí, torneu-vos-hi a subscriure des de la portada i us enviarem un enllaç nou.',
  },
};

/** /butlleti/: where the link mailed to confirm a newsletter sign-up lands. */
export function NewsletterPage() {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: { seccio: 'butlleti', pageType: 'informacio', pageName: 'mesura:butlleti' } }), []));
  const [params] = useSearchParams();
  const outcome = confirmationOutcome(params.get(NEWSLETTER_CONFIRMATION_PARAM));
  const shown = outcome === undefined ? undefined : OUTCOMES[outcome];
  return (
    <article className="article">
      <title>Butlletí — Mesura.cat</title>
      <h1>{shown?.heading ?? 'El butlletí de Mesura.cat'}</h1>
      <p role="status" data-outcome={outcome}>
        {shown?.text ?? 'Cada matí, les notícies del dia al vostre correu. Us hi podeu subscriure des de la portada.'}
      </p>
      <p>
        Torneu a la <Link to="/">portada</Link>.
      </p>
    </article>
  );
}
