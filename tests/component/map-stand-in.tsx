/**
 * What component tests get in place of the MapLibre map (src/map/maplibre-map.tsx, the lazily
 * loaded chunk): MapLibre needs WebGL, which jsdom lacks. The stand-in shows the props the page
 * gave the map, so a test can read them as a rider's map would use them: a region named by the
 * map's label with the rider's position, follow mode and the start view as data attributes; the
 * overlay's lines and markers as a list ("Overlay of <label>"), each item with its emphasis;
 * a button standing for a hand pan, and one standing for a long press (0.01° north-east of the
 * start view's centre) where the page listens for one. Every component test uses it (tests/component/setup.ts),
 * so the module graph is the same in every file; what the map draws is checked in Chromium
 * (tests/e2e/).
 */
import type { MapLibreMapProps } from '../../src/map/maplibre-map.tsx';

/** The stand-in map; see the file comment. */
export function MapStandIn(props: MapLibreMapProps) {
  const { overlay, label, initialView } = props;
  return (
    <div
      role="region"
      aria-label={label}
      data-testid="map-stand-in"
      data-rider={JSON.stringify(props.riderPosition ?? null)}
      data-follow={String(props.follow)}
      data-zoom={initialView.zoom}
      data-primary-line={JSON.stringify(
        overlay?.lines.filter((line) => line.emphasis === 'primary').map((line) => line.path),
      )}
    >
      <ul aria-label={`Overlay of ${label}`} data-center={initialView.center.join(',')}>
        {(overlay?.lines ?? []).map((line) => (
          <li key={line.id} data-emphasis={line.emphasis} data-points={line.path.length}>
            {line.id}
          </li>
        ))}
        {(overlay?.markers ?? []).map((marker) => (
          <li key={`${marker.label}-${marker.position.join(',')}`} data-emphasis="marker">
            {marker.label}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => props.onFollowPaused?.()}>
        Pan the map by hand
      </button>
      {props.onLongPress ? (
        <button
          type="button"
          onClick={() =>
            props.onLongPress?.([initialView.center[0] + 0.01, initialView.center[1] + 0.01])
          }
        >
          Long-press the map
        </button>
      ) : null}
    </div>
  );
}
