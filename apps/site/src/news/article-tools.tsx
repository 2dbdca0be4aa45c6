import type { ArticleResponse } from '@mesura/content';
import { SaveForLaterButton } from '../account/save-for-later-button';
import { CallToAction } from '../engagement/call-to-action';
import { DownloadLink } from '../engagement/download-link';
import { Poll } from '../engagement/poll';
import { ShareMenu } from '../engagement/share-menu';
import { articleCallDetail } from './article-call-detail';

/** The poll an article carries, by the first of its themes that has one (server/src/engagement seeded-polls.ts). */
const POLLS_BY_THEME: Record<string, string> = { habitatge: 'habitatge-2026', sequera: 'sequera-aigua', mobilitat: 'mobilitat-ciutat' };

/**
 * What a reader can do with an article, each a real feature measured as its §7 call: share it, save it
 * for later, download
 * its document, follow the news live, take part in its poll. The address is the canonical one, known on the server too.
 */
export function ArticleTools({ data }: { data: ArticleResponse }) {
  const { article } = data;
  const path = `/noticia/${article.id}/${article.slug}/`;
  const detail = (id: string) => articleCallDetail(data, '', id);
  const pollId = article.themes.map((theme) => POLLS_BY_THEME[theme]).find((id) => id !== undefined);
  return (
    <>
      <section className="article-actions" aria-label="Accions de l'article">
        <ShareMenu title={article.title} url={path} detail={detail('article-scCompartir')} />
        <SaveForLaterButton item={{ type: 'article', id: article.id, title: article.title }} detail={detail('article-scPerMesTard')} />
        {article.document && <DownloadLink href={article.document.path} label={article.document.title} detail={detail('article-scDescarregar')} />}
        <CallToAction kind="live" detail={detail('article-scClicBoto')} />
      </section>
      {pollId !== undefined && <Poll pollId={pollId} detail={detail('article-scParticipar')} />}
    </>
  );
}
