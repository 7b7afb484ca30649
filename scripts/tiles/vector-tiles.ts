/**
 * Cuts the map layers into Mapbox Vector Tiles with geojson-vt (slicing, simplification,
 * clipping with a buffer) and vt-pbf (MVT protobuf encoding). One geojson-vt index per layer
 * and maximum zoom; tiles are listed for a bbox and empty tiles are left out of the archive.
 */
import GeoJSONVT from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import type { TileInput } from '../../map-archives/pmtiles-writer.ts';
import { tilesInBbox } from '../../map-archives/tile-grid.ts';
import { layerNames, type LayerName, type MapLayers } from './map-layers.ts';
import type { Bbox } from './regions.ts';

/** Tile extent (units per tile side) of every layer, MVT's usual 4096. */
export const tileExtent = 4096;

/** geojson-vt indexes of every layer for one maximum zoom (full detail at that zoom). */
export type LayerIndexes = Record<LayerName, GeoJSONVT>;

/**
 * Indexes every layer up to `maxZoom`. geojson-vt simplifies every zoom below its maxZoom and
 * none at it, so an archive's deepest tiles carry the data's full detail for overzooming.
 */
export function indexLayers(layers: MapLayers, maxZoom: number): LayerIndexes {
  return Object.fromEntries(
    layerNames.map((name) => [
      name,
      new GeoJSONVT(layers[name], {
        maxZoom,
        indexMaxZoom: Math.min(maxZoom, 5),
        extent: tileExtent,
      }),
    ]),
  ) as LayerIndexes;
}

/** MVT bytes of the non-empty tiles of `bbox` at the given zooms. */
export function renderTiles(
  indexes: LayerIndexes,
  bbox: Bbox,
  minZoom: number,
  maxZoom: number,
): TileInput[] {
  const tiles: TileInput[] = [];
  for (const { z, x, y } of tilesInBbox(bbox, minZoom, maxZoom)) {
    const tileLayers: Record<string, unknown> = {};
    for (const name of layerNames) {
      const tile = indexes[name].getTile(z, x, y);
      if (tile && tile.features.length > 0) tileLayers[name] = tile;
    }
    if (Object.keys(tileLayers).length === 0) continue;
    // vt-pbf's typings describe geojson-vt 3's tile object, which v5's getTile() still returns.
    const data = fromGeojsonVt(tileLayers as Parameters<typeof fromGeojsonVt>[0], {
      version: 2,
      extent: tileExtent,
    });
    tiles.push({ z, x, y, data: new Uint8Array(data) });
  }
  return tiles;
}
