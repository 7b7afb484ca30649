/**
 * The offline maps of the saved trails, on /saved: which map regions (src/map/trail-regions.ts)
 * the saved trails still need, each offered as one tap with its size and its progress, the same
 * download as the Offline maps panel. This is where a trail saved before the region catalog
 * reached the device gets its region offered, once the device has been online.
 */
import { useEffect, useMemo } from 'react';
import { Button } from 'react-aria-components';
import { CheckCircle2, Download, Map as MapIcon, TriangleAlert } from 'lucide-react';
import type { MapRegion } from '../../schemas/map-regions.ts';
import type { Trail } from '../../schemas/trails.ts';
import { useMapRegions } from '../db-react/map-regions.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { formatBytes } from '../map/format-bytes.ts';
import { RegionProgress } from '../map/offline-maps-panel.tsx';
import { getRegionDownloader, refreshRegionCatalog } from '../map/region-store.ts';
import { regionNames, trailMapRegions, trailPositions } from '../map/trail-regions.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import '../map/map.css';

/** A region the saved trails still need, with the names of the trails that need it. */
export interface NeededRegion {
  region: MapRegion;
  trailNames: string[];
}

/**
 * The regions `saved` still need for their maps to work offline, in the order first needed,
 * each with the saved trails needing it. `allTrails` gives the lines of saved trail systems.
 */
export function neededRegions(
  saved: readonly Trail[],
  allTrails: readonly Trail[],
  regions: readonly MapRegion[],
): NeededRegion[] {
  const needed = new Map<string, NeededRegion>();
  for (const trail of saved) {
    const system = allTrails.flatMap((line) =>
      line.systemId === trail.id && line.path ? [line.path] : [],
    );
    const { toDownload } = trailMapRegions(regions, trailPositions(trail, system));
    for (const region of toDownload) {
      const entry = needed.get(region.id) ?? { region, trailNames: [] };
      entry.trailNames.push(trail.name);
      needed.set(region.id, entry);
    }
  }
  return [...needed.values()];
}

/** One needed region: name, the trails it maps, its one-tap download, progress and error. */
function NeededRegionRow({ needed, online }: { needed: NeededRegion; online: boolean }) {
  const db = useDatabase();
  const { region, trailNames } = needed;
  const downloading = region.status === 'downloading';
  const label = `Download ${region.name} map (${formatBytes(region.bytes)})`;
  return (
    <li className="region-row" data-region={region.id} data-status={region.status}>
      <div className="region-row__head">
        <div>
          <p className="region-row__name">{region.name}</p>
          <p className="region-row__meta">
            Map of {regionNames(trailNames.map((name) => ({ name })))}
          </p>
        </div>
        {downloading ? null : (
          <Button
            className="button button--primary"
            isDisabled={!online}
            onPress={() =>
              void getRegionDownloader(db).then((downloader) => downloader.start(region.id))
            }
          >
            <Download size={16} aria-hidden="true" /> {label}
          </Button>
        )}
      </div>
      {downloading || region.downloadedBytes > 0 ? <RegionProgress region={region} /> : null}
      {region.error ? (
        <p className="region-row__error" role="alert">
          <TriangleAlert size={14} aria-hidden="true" /> {region.error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The section on /saved: says the maps of every saved trail are on the device, or lists the
 * regions still needed with their download; with no region catalog on the device, says the
 * regions are checked once the device has been online.
 */
export function SavedTrailMaps({
  saved,
  allTrails,
}: {
  saved: readonly Trail[];
  allTrails: readonly Trail[];
}) {
  const db = useDatabase();
  const { regions, isLoading } = useMapRegions();
  const online = useOnlineStatus();
  const noCatalog = !isLoading && regions.length === 0;
  useEffect(() => {
    // The catalog normally arrives with the first map opened online; fetch it here too.
    if (noCatalog && online) refreshRegionCatalog(db).catch(() => undefined);
  }, [db, noCatalog, online]);
  const needed = useMemo(
    () => neededRegions(saved, allTrails, regions),
    [saved, allTrails, regions],
  );
  if (isLoading || saved.length === 0) return null;
  return (
    <section className="saved-maps" aria-labelledby="saved-maps-heading">
      <h2 id="saved-maps-heading">
        <MapIcon size={20} aria-hidden="true" /> Offline maps of your saved trails
      </h2>
      {regions.length === 0 ? (
        <p className="status-note" role="status">
          The map regions of your saved trails could not be checked yet: the list of map regions has
          not reached this device. Once you are online, the regions they need are offered here.
        </p>
      ) : needed.length === 0 ? (
        <p className="status-note" role="status">
          <CheckCircle2 size={18} aria-hidden="true" /> The maps of all your saved trails are on
          this device and work offline.
        </p>
      ) : (
        <>
          <p className="status-note status-note--warning">
            <TriangleAlert size={18} aria-hidden="true" /> These maps are not on this device: until
            they are downloaded, the maps of these trails do not show offline. Trail details, this
            list and navigation text work offline.
            {online ? '' : ' Downloads start when you have signal.'}
          </p>
          <ul className="region-list" aria-label="Map regions your saved trails need">
            {needed.map((entry) => (
              <NeededRegionRow key={entry.region.id} needed={entry} online={online} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
