/**
 * /duck-hunting (requirements §voice-2.1 hunting pages, §voice-9 duck season): the
 * season card (the 2025-26 dates and limits, or the next season marked "dates not yet
 * published by AGFC" once 2025-26 is over) and the waterfowl Wildlife Management Areas held on
 * the device (data/places/wmas.geojson, flag `waterfowl`). Works offline.
 */
import { useMemo } from 'react';
import { useWmas } from '../db-react/hooks.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { DuckSeasonCard } from './duck-season-card.tsx';
import { pluralise } from './featured-locations.ts';
import { countyRegionLabel } from './trail-format.ts';
import './explore.css';
import './home-page.css';

/** The duck hunting page. */
export function DuckHuntingPage() {
  usePageMeta({
    title: 'Duck Hunting in Arkansas',
    description:
      'Arkansas duck season dates, bag limits, shooting hours and the waterfowl Wildlife Management Areas.',
    keywords: ['duck hunting', 'Arkansas duck season', 'waterfowl', 'WMA', 'AGFC'],
    path: '/duck-hunting',
  });
  const { wmas, isLoading } = useWmas();
  const waterfowlAreas = useMemo(
    () => wmas.filter((wma) => wma.waterfowl).sort((a, b) => a.name.localeCompare(b.name)),
    [wmas],
  );
  return (
    <div className="duck-page">
      <DuckSeasonCard headingLevel={1} showGuideLink={false} />
      <section className="home-section" aria-labelledby="waterfowl-areas-title">
        <h2 id="waterfowl-areas-title" className="section-title">
          Waterfowl Wildlife Management Areas
        </h2>
        {isLoading ? (
          <Spinner label="Loading the areas…" />
        ) : waterfowlAreas.length === 0 ? (
          <p>No waterfowl areas are stored on this device yet. Open the app once with signal.</p>
        ) : (
          <>
            <p className="fine-print">
              {pluralise(waterfowlAreas.length, 'area')} marked for waterfowl. Permits and area
              rules are set by AGFC and change each season.
            </p>
            <ul className="duck-page__areas">
              {waterfowlAreas.map((area) => (
                <li key={area.id}>
                  <strong>{area.name}</strong>
                  <span>{countyRegionLabel(area.county, area.region)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
