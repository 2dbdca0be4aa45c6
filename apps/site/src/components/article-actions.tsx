import type { Article } from '../content/article';
import { DIRECT_CALLS, articleCallDetail, sendDirectCall, type DirectCall } from '../measurement/direct-calls';

/**
 * The article's interactive strip: share, download, play, save, watch on TV, take part, subtitles,
 * rewind the live programme and the radio in a new window. The players and services behind them
 * come with their own issues; here each button is measured as the spec's direct call.
 */
export function ArticleActions({ article }: { article: Article }) {
  const calls = Object.keys(DIRECT_CALLS) as DirectCall[];
  return (
    <section className="article-actions" aria-label="Accions de l'article">
      <ul>
        {calls.map((call) => (
          <li key={call}>
            <button
              type="button"
              data-mesura-call={call}
              onClick={() => sendDirectCall(call, articleCallDetail(call, article, window.location.href))}
            >
              {DIRECT_CALLS[call]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
