/**
 * /blog, the Founder's Story (requirements §core-2, requirements §voice-2.1): the
 * project's own articles (src/local/founder-articles.ts) with a contents list, and, under the
 * data article, the counts of what this device holds right now, so the story's claims about
 * sources and approximate points can be checked against the data itself.
 */
import { useCampgrounds, useTrails, useWaypoints } from '../db-react/hooks.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { founderArticles, type FounderArticle } from './founder-articles.ts';
import './local.css';

/** The founder's story page. */
export function FounderStoryPage() {
  usePageMeta({
    title: "Founder's Story",
    description:
      'Why Natural State Trails exists, what offline-first means for Arkansas riders, and where its data comes from.',
    keywords: ['about', 'story', 'offline', 'Arkansas trails', 'data sources'],
    path: '/blog',
  });
  return (
    <article className="local-page" aria-labelledby="story-title">
      <header className="local-page__header">
        <p className="local-eyebrow">Learn · Founder&apos;s Story</p>
        <h1 id="story-title">Founder&apos;s Story</h1>
        <p className="local-lead">
          Why this app exists and how it is built, in three short articles.
        </p>
      </header>
      <nav aria-label="Articles">
        <ol className="local-toc">
          {founderArticles.map((article) => (
            <li key={article.slug}>
              <a href={`#${article.slug}`}>{article.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {founderArticles.map((article) => (
        <Article key={article.slug} article={article} />
      ))}
    </article>
  );
}

function Article({ article }: { article: FounderArticle }) {
  return (
    <section
      id={article.slug}
      className="local-section local-article"
      aria-labelledby={`${article.slug}-title`}
    >
      <h2 id={`${article.slug}-title`}>{article.title}</h2>
      <p className="local-article__meta">{article.summary}</p>
      {article.blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{block.text}</p>
        ) : (
          <ul key={index}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
      {article.showsDataCounts ? <DataCounts /> : null}
    </section>
  );
}

/** Counts of the catalogues on this device: trails (and how many are approximate), campgrounds, WMAs. */
function DataCounts() {
  const { trails, isLoading } = useTrails();
  const { campgrounds } = useCampgrounds();
  const { waypoints: wmas } = useWaypoints({ category: 'wma' });
  if (isLoading) return null;
  if (trails.length === 0) {
    return (
      <p className="local-muted">
        The data has not reached this device yet; open the app once with signal to see the counts.
      </p>
    );
  }
  const approximate = trails.filter((trail) => trail.locationConfidence === 'approximate').length;
  const withFee = trails.filter((trail) => trail.fee !== null && trail.fee.trim() !== '').length;
  return (
    <div className="local-callout" role="note" aria-label="The data on this device">
      <div>
        <p className="local-callout__title">On this device right now</p>
        <ul className="local-list">
          <li>
            {trails.length} trails; {approximate} of them with an approximate location
          </li>
          <li>
            {withFee} of {trails.length} trails with a fee given by a source
          </li>
          <li>{campgrounds.length} campgrounds</li>
          <li>{wmas.length} Wildlife Management Areas</li>
        </ul>
      </div>
    </div>
  );
}
