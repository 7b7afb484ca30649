/**
 * The XYZ tile grid (Web Mercator, row 0 at the north) that the tile build renders into and the
 * sync server cuts an operator's basemap along: which z/x/y tiles cover a bbox. Shared by both,
 * so a region archive and the basemap tiles cut for it cover exactly the same tiles.
 */

/** Column of the XYZ tile holding `longitude` at zoom `z`. */
export function longitudeToTileX(longitude: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((longitude + 180) / 360) * n)));
}

/** Row of the XYZ tile holding `latitude` at zoom `z` (Web Mercator, row 0 at the north). */
export function latitudeToTileY(latitude: number, z: number): number {
  const n = 2 ** z;
  const radians = (latitude * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * n;
  return Math.min(n - 1, Math.max(0, Math.floor(y)));
}

/** Every z/x/y tile that intersects `bbox` at zooms `minZoom`…`maxZoom`. */
export function tilesInBbox(
  bbox: readonly [number, number, number, number],
  minZoom: number,
  maxZoom: number,
): { z: number; x: number; y: number }[] {
  const tiles: { z: number; x: number; y: number }[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const [west, south, east, north] = bbox;
    for (let x = longitudeToTileX(west, z); x <= longitudeToTileX(east, z); x++) {
      for (let y = latitudeToTileY(north, z); y <= latitudeToTileY(south, z); y++) {
        tiles.push({ z, x, y });
      }
    }
  }
  return tiles;
}
