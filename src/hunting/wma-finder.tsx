/**
 * The WMA finder of /hunting and /arkansas-wma-permits: the shipped Wildlife Management Areas
 * (data/places/wmas.geojson) filtered by name or county, by region and by the waterfowl flag,
 * on the locator map and as a list with each area's county, approximate point and sources.
 */
import { useMemo, useState } from 'react';
import { Checkbox, Input, Label, SearchField } from 'react-aria-components';
import { ExternalLink } from 'lucide-react';
import { Spinner } from '../ui/spinner.tsx';
import { LocatorMap, type MapPoint } from './locator-map.tsx';
import { useWmas, type Wma } from './use-wmas.ts';

/** True when `wma` matches the typed text (name or county, any case). */
export function matchesWma(wma: Wma, text: string): boolean {
  const query = text.trim().toLowerCase();
  if (query.length === 0) return true;
  return `${wma.name} ${wma.county ?? ''} ${wma.region ?? ''}`.toLowerCase().includes(query);
}

/** Map points of `wmas`, coloured by their waterfowl flag. */
export function wmaPoints(wmas: readonly Wma[]): MapPoint[] {
  return wmas.map((wma) => ({
    id: wma.id,
    name: wma.name,
    longitude: wma.longitude,
    latitude: wma.latitude,
    kind: wma.waterfowl ? 'wma-waterfowl' : 'wma',
  }));
}

function SourceList({ sources }: { sources: readonly string[] }) {
  return (
    <span className="wma-sources">
      Source:{' '}
      {sources.map((source, index) => (
        <span key={source}>
          {index > 0 ? '; ' : ''}
          {/^https?:\/\//.test(source) ? (
            <a href={source} target="_blank" rel="noopener noreferrer">
              {new URL(source).hostname}
              <ExternalLink size={12} aria-hidden="true" />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            source
          )}
        </span>
      ))}
    </span>
  );
}

/** The finder. `waterfowlOnly` starts the waterfowl filter on (the duck guide). */
export function WmaFinder({ waterfowlOnly = false }: { waterfowlOnly?: boolean }) {
  const { wmas, isLoading } = useWmas();
  const [text, setText] = useState('');
  const [onlyWaterfowl, setOnlyWaterfowl] = useState(waterfowlOnly);
  const shown = useMemo(
    () => wmas.filter((wma) => matchesWma(wma, text) && (!onlyWaterfowl || wma.waterfowl)),
    [wmas, text, onlyWaterfowl],
  );
  if (isLoading) return <Spinner label="Loading the Wildlife Management Areas…" />;
  if (wmas.length === 0) {
    return (
      <p className="hunt-note">
        No Wildlife Management Areas are stored on this device yet. Open the app once with signal
        and they are kept for offline use.
      </p>
    );
  }
  return (
    <div className="wma-finder">
      <div className="wma-finder__filters">
        <SearchField value={text} onChange={setText} className="hunt-field">
          <Label>Find an area by name or county</Label>
          <Input placeholder="e.g. Bayou Meto or Jefferson" />
        </SearchField>
        <Checkbox isSelected={onlyWaterfowl} onChange={setOnlyWaterfowl} className="hunt-check">
          <span className="hunt-check__box" aria-hidden="true" />
          Only areas with waterfowl hunting
        </Checkbox>
      </div>
      <LocatorMap
        points={wmaPoints(shown)}
        label={`Map of Arkansas with ${shown.length} Wildlife Management Areas`}
      />
      <p className="hunt-fine" aria-live="polite">
        {shown.length} of {wmas.length} areas shown.
      </p>
      <ul className="wma-list">
        {shown.map((wma) => (
          <li key={wma.id} className="wma-list__item">
            <strong>{wma.name}</strong>
            <span>
              {wma.county ? `${wma.county} County` : 'County unknown'}
              {wma.region ? `, ${wma.region}` : ''}
              {wma.waterfowl ? ' · waterfowl hunting' : ''}
            </span>
            <span className="hunt-fine">
              Approximate point {wma.latitude.toFixed(2)}, {wma.longitude.toFixed(2)} (an interior
              spot, not a boundary or a parking area).
            </span>
            <SourceList sources={wma.sources} />
          </li>
        ))}
      </ul>
    </div>
  );
}
