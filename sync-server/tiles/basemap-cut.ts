/**
 * Cuts an operator's Protomaps-schema basemap into one of our region archives: for every z/x/y
 * tile inside the region's bbox and zooms (map-archives/tile-grid.ts, the grid the tile build
 * rendered the region on), the region's own MVT tile and the basemap's tile for the same z/x/y
 * are concatenated. An MVT tile is a protobuf message whose layers are a repeated field, so two
 * encoded tiles one after the other are one valid tile holding both sets of layers; their layer
 * names must differ, which `openBasemap` checks. A tile present in only one of the two is kept
 * as it is. The result is written by our PMTiles writer (map-archives/pmtiles-writer.ts).
 */
import { Compression, PMTiles, TileType, type Header } from 'pmtiles';
import { writePmtiles, type TileInput } from '../../map-archives/pmtiles-writer.ts';
import { tilesInBbox } from '../../map-archives/tile-grid.ts';
import type { CatalogFileRegion } from '../../schemas/map-catalog.ts';
import { openFileSource } from './file-source.ts';

/** Layers of the Protomaps basemap schema (docs.protomaps.com/basemaps/layers). */
export const protomapsLayerNames = [
  'earth',
  'landcover',
  'landuse',
  'water',
  'roads',
  'places',
  'pois',
  'boundaries',
  'buildings',
  'transit',
] as const;

/** An opened basemap: its reader, header and the vector layers its metadata lists. */
export interface OpenedBasemap {
  archive: PMTiles;
  header: Header;
  /** TileJSON `vector_layers` entries of the basemap's metadata. */
  vectorLayers: { id: string }[];
  /** The basemap's own attribution (Protomaps builds credit OpenStreetMap), if it names one. */
  attribution: string | null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function vectorLayersOf(metadata: unknown): { id: string }[] {
  const layers = (metadata as { vector_layers?: unknown } | null)?.vector_layers;
  if (!Array.isArray(layers)) return [];
  return layers.filter(
    (layer): layer is { id: string } =>
      typeof layer === 'object' && layer !== null && typeof layer.id === 'string',
  );
}

/** Reads the header and metadata; rejects with the reader's own words on a broken file. */
async function readBasemap(path: string) {
  try {
    const archive = new PMTiles(await openFileSource(path));
    const header = await archive.getHeader();
    return { archive, header, metadata: await archive.getMetadata() };
  } catch (error) {
    throw new Error(`it is not a readable PMTiles archive (${describe(error)})`);
  }
}

/**
 * Opens the basemap at `path` and checks that it can be cut into archives with `ownLayers`:
 * a PMTiles v3 archive of MVT tiles, gzip-compressed or uncompressed (what the `pmtiles`
 * reader decompresses), whose metadata lists Protomaps-schema layers and none of our layer
 * names. Rejects with an Error saying what is wrong.
 */
export async function openBasemap(
  path: string,
  ownLayers: readonly string[],
): Promise<OpenedBasemap> {
  const { archive, header, metadata } = await readBasemap(path);
  if (header.tileType !== TileType.Mvt) {
    throw new Error('it does not hold vector (MVT) tiles');
  }
  if (header.tileCompression !== Compression.Gzip && header.tileCompression !== Compression.None) {
    throw new Error(`its tiles use compression ${header.tileCompression}, not gzip`);
  }
  const vectorLayers = vectorLayersOf(metadata);
  const ids = vectorLayers.map((layer) => layer.id);
  if (!ids.some((id) => (protomapsLayerNames as readonly string[]).includes(id))) {
    throw new Error(
      `its metadata lists no Protomaps-schema layer (${ids.join(', ') || 'no vector_layers'})`,
    );
  }
  const clash = ids.filter((id) => ownLayers.includes(id));
  if (clash.length > 0) throw new Error(`its layers ${clash.join(', ')} clash with the map's own`);
  const attribution = (metadata as { attribution?: unknown } | null)?.attribution;
  return {
    archive,
    header,
    vectorLayers,
    attribution: typeof attribution === 'string' ? attribution : null,
  };
}

/** The layer names our region archive's metadata lists (the tile build writes them). */
export async function archiveLayerNames(path: string): Promise<string[]> {
  const archive = new PMTiles(await openFileSource(path));
  return vectorLayersOf(await archive.getMetadata()).map((layer) => layer.id);
}

function concatBytes(first: ArrayBuffer | undefined, second: ArrayBuffer | undefined): Uint8Array {
  const a = new Uint8Array(first ?? new ArrayBuffer(0));
  const b = new Uint8Array(second ?? new ArrayBuffer(0));
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Tiles read at once: enough to overlap the file reads, few enough to keep memory flat. */
const batchSize = 64;

/**
 * The combined tiles of `region`: every z/x/y of its bbox and zooms where our archive or the
 * basemap has a tile, ours first. `isClosed` is asked between batches so a closing server
 * stops early (the result is then incomplete and must be dropped).
 */
export async function combinedTiles(
  own: PMTiles,
  basemap: PMTiles,
  region: Pick<CatalogFileRegion, 'bbox' | 'minZoom' | 'maxZoom'>,
  isClosed: () => boolean = () => false,
): Promise<TileInput[]> {
  const grid = tilesInBbox(region.bbox, region.minZoom, region.maxZoom);
  const tiles: TileInput[] = [];
  for (let start = 0; start < grid.length && !isClosed(); start += batchSize) {
    const batch = grid.slice(start, start + batchSize);
    const read = await Promise.all(
      batch.map(async ({ z, x, y }) => {
        const [ownTile, baseTile] = await Promise.all([
          own.getZxy(z, x, y),
          basemap.getZxy(z, x, y),
        ]);
        if (!ownTile && !baseTile) return null;
        return { z, x, y, data: concatBytes(ownTile?.data, baseTile?.data) };
      }),
    );
    for (const tile of read) if (tile) tiles.push(tile);
  }
  return tiles;
}

/** What `cutRegion` needs of the region, its own archive and the opened basemap. */
export interface CutInput {
  region: CatalogFileRegion;
  /** Path of the region's own archive (the tile build's). */
  ownPath: string;
  basemap: OpenedBasemap;
  /** Attribution the combined archive carries (ours and the basemap's). */
  attribution: string;
  isClosed?: () => boolean;
}

/**
 * The region's combined archive: bytes and tile count. Its metadata is our archive's, with the
 * basemap's vector layers added and the combined attribution. Rejects when an archive cannot
 * be read (a truncated or corrupt tile) or the region has no tile at all.
 */
export async function cutRegion(input: CutInput): Promise<{ bytes: Uint8Array; tiles: number }> {
  const { region, basemap } = input;
  const own = new PMTiles(await openFileSource(input.ownPath));
  const ownMetadata = ((await own.getMetadata()) ?? {}) as Record<string, unknown>;
  const tiles = await combinedTiles(own, basemap.archive, region, input.isClosed);
  const [west, south, east, north] = region.bbox;
  const archive = writePmtiles(tiles, {
    bounds: region.bbox,
    center: [(west + east) / 2, (south + north) / 2, region.minZoom],
    minZoom: region.minZoom,
    maxZoom: region.maxZoom,
    metadata: {
      ...ownMetadata,
      attribution: input.attribution,
      vector_layers: [
        ...vectorLayersOf(ownMetadata),
        ...basemap.vectorLayers.map((layer) => ({
          ...layer,
          minzoom: region.minZoom,
          maxzoom: region.maxZoom,
        })),
      ],
      basemap: 'protomaps',
    },
  });
  return { bytes: archive.bytes, tiles: tiles.length };
}
