/**
 * Directory page for a feature whose screen belongs to a later milestone: shows what the entry
 * is (icon, label, description, category, badges) and offers nothing that pretends to work.
 */
import { getFeature } from '../features/directory.ts';
import { FeatureBadges } from './feature-badges.tsx';
import { FeatureIcon } from './feature-icon.tsx';
import { usePageMeta } from './page-meta.ts';
import './feature-page.css';

/**
 * Renders the directory entry `featureKey` as a page header with its description and category.
 * Throws for an unknown key (a routing programming error, caught by the error boundary).
 */
export function FeaturePage({ featureKey }: { featureKey: string }) {
  const feature = getFeature(featureKey);
  usePageMeta({
    title: feature.label,
    description: feature.description,
    keywords: [...feature.tags],
    path: feature.route,
  });
  return (
    <article className="feature-page">
      <div className="feature-page__icon">
        <FeatureIcon name={feature.icon} size={40} />
      </div>
      <p className="feature-page__category">{feature.category}</p>
      <h1 className="feature-page__title">
        {feature.label} <FeatureBadges feature={feature} />
      </h1>
      <p className="feature-page__description">{feature.description}</p>
      {feature.tags.length > 0 ? (
        <ul className="feature-page__tags" aria-label="Topics">
          {feature.tags.map((tag) => (
            <li key={tag} className="feature-page__tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
