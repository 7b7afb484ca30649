/**
 * All Features (/features, requirements §core-2): every directory entry the current role may see,
 * grouped by category in the palette's order, with icons, descriptions and New/Beta badges.
 */
import { Link } from 'react-aria-components';
import { DESCRIBED_FEATURES } from '../features/directory-text.ts';
import { groupByCategory } from '../features/palette-search.ts';
import { visibleFeatures } from '../features/roles.ts';
import { FeatureBadges } from '../ui/feature-badges.tsx';
import { FeatureIcon } from '../ui/feature-icon.tsx';
import { usePageMeta } from '../ui/page-meta.ts';
import { useCurrentRole } from './session/role-context.tsx';

/** The /features page. */
export function AllFeaturesPage() {
  const role = useCurrentRole();
  usePageMeta({
    title: 'All Features',
    description:
      'Every Natural State Trails feature for Arkansas riders, hikers, hunters and anglers, grouped by category.',
    keywords: ['Arkansas trails', 'off-road', 'features'],
    path: '/features',
  });
  const groups = groupByCategory(
    visibleFeatures(DESCRIBED_FEATURES, role).filter((f) => f.key !== 'features'),
  );
  return (
    <div className="all-features">
      <header className="page-header">
        <h1>All Features</h1>
        <p className="page-header__lead">
          Everything Natural State Trails offers, grouped by what you are out to do.
        </p>
        <nav aria-label="Categories" className="all-features__jump">
          {groups.map((group) => (
            <a
              key={group.category}
              href={`#category-${group.category.toLowerCase()}`}
              className="chip"
            >
              {group.category}
            </a>
          ))}
        </nav>
      </header>
      {groups.map((group) => (
        <section
          key={group.category}
          id={`category-${group.category.toLowerCase()}`}
          className="all-features__group"
          aria-labelledby={`heading-${group.category.toLowerCase()}`}
        >
          <h2 id={`heading-${group.category.toLowerCase()}`}>{group.category}</h2>
          <ul className="feature-grid">
            {group.items.map((feature) => (
              <li key={feature.key}>
                <Link href={feature.route} className="feature-card">
                  <span className="feature-card__icon">
                    <FeatureIcon name={feature.icon} size={24} />
                  </span>
                  <span className="feature-card__body">
                    <span className="feature-card__title">
                      {feature.label} <FeatureBadges feature={feature} />
                    </span>
                    <span className="feature-card__description">{feature.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
