import { SaveForLaterButton } from '../account/save-for-later-button';
import { articlePollId, type ArticlePageData } from '../engagement/article-poll';
import { CallToAction } from '../engagement/call-to-action';
import { DownloadLink } from '../engagement/download-link';
import { Poll } from '../engagement/poll';
import { ShareMenu } from '../engagement/share-menu';
import { articleCallDetail } from './article-call-detail';

/**
 * What a reader can do with an article, each a real feature measured as its §7 call: share it, save it
 * for later, download
 * its document, follow the news live, take part in its poll. The address is the canonical one, known on the server too.
 */
export function ArticleTools({ data }: { data: ArticlePageData }) {
  const { article } = data;
  const path = `/noticia/${article.id}/${article.slug}/`;
  const detail = (id: string) => articleCallDetail(data, '', id);
  const pollId = articlePollId(article);
  return (
    <>
      <section className="article-actions" aria-label="Accions de l'article">
        <ShareMenu title={article.title} url={path} detail={detail('article-scCompartir')} />
        <SaveForLaterButton item={{ type: 'article', id: article.id, title: article.title }} detail={detail('article-scPerMesTard')} />
        {article.document && <DownloadLink href={article.document.path} label={article.document.title} detail={detail('article-scDescarregar')} />}
        <CallToAction kind="live" detail={detail('article-scClicBoto')} />
      </section>
      {pollId !== undefined && <Poll pollId={pollId} initial={data.poll} detail={detail('article-scParticipar')} />}
    </>
  );
}
