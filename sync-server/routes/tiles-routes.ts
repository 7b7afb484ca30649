/**
 * Offline map routes: GET /api/map-regions (the region catalog) and GET/HEAD
 * /tiles/:file (the PMTiles archives) with single byte-range requests, a strong ETag (the
 * archive's content hash), If-None-Match / If-Range, and a year of immutable caching: archive
 * names carry their hash, so a rebuilt archive is a new URL. With an operator's road map
 * (`basemap`), the catalog lists the combined archives the server cut (tiles/basemap-regions.ts).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors.ts';
import { parseRange } from '../tiles/byte-ranges.ts';
import { mapCatalogPath, type MapCatalog } from '../../schemas/map-catalog.ts';
import {
  createBasemapRegions,
  type BasemapRegions,
  type BasemapSettings,
} from '../tiles/basemap-regions.ts';
import {
  createTileCatalogReader,
  defaultServedCatalog,
  type ServedCatalog,
  type ServedRegion,
} from '../tiles/tile-catalog.ts';

/** Options of `registerTilesRoutes`. */
export interface TilesRouteOptions {
  /** Folder with catalog.json and the archives (`npm run tiles` output). */
  tilesDir: string;
  /** Where an operator's road map may be (DATA_DIR/basemap.pmtiles); null: never look. */
  basemap?: BasemapSettings | null;
}

/** Cache-Control of an archive: its name is content-addressed, so it never changes. */
export const archiveCacheControl = 'public, max-age=31536000, immutable';

/** The catalog may change on any rebuild; clients revalidate it. */
export const catalogCacheControl = 'no-cache';

const notBuilt =
  'The offline map archives are not built on this server. Run `npm run tiles` (or `npm start`, which builds them).';

const preparing =
  "The offline maps are being prepared with this server's road map. Try again in a minute.";

/** Seconds a client is asked to wait while the road map is cut into the regions. */
const preparingRetryAfterSeconds = 30;

/** What the catalog is now: not built, being cut with the road map, or served. */
type CatalogNow =
  { kind: 'not-built' } | { kind: 'preparing' } | { kind: 'ready'; catalog: ServedCatalog };

/** The catalog answer and archive lookup over our catalog and the optional road map. */
function createCatalogSource(
  tilesDir: string,
  roadMap: BasemapRegions | null,
): { now(): CatalogNow; archive(file: string): ServedRegion | null } {
  const readCatalog = createTileCatalogReader(tilesDir);
  return {
    now() {
      const own = readCatalog();
      if (!own) return { kind: 'not-built' };
      const state = roadMap?.state(own) ?? { kind: 'none' };
      if (state.kind === 'none')
        return { kind: 'ready', catalog: defaultServedCatalog(own, tilesDir) };
      return state;
    },
    archive(file) {
      const own = readCatalog();
      // Only files a catalog lists are served, ours and the road map's (current or last, so a
      // download under way can finish): no path tricks can reach anything else.
      const candidates = [
        ...(own ? defaultServedCatalog(own, tilesDir).regions : []),
        ...(roadMap?.served() ?? []),
      ];
      return candidates.find((region) => region.file === file) ?? null;
    },
  };
}

/** Registers the catalog and archive routes over `tilesDir`. */
export async function registerTilesRoutes(
  app: FastifyInstance,
  { tilesDir, basemap }: TilesRouteOptions,
): Promise<void> {
  const roadMap = basemap
    ? createBasemapRegions({
        ...basemap,
        tilesDir,
        log: { info: (line) => app.log.info(line), error: (line) => app.log.error(line) },
      })
    : null;
  // A cut under way stops at its next batch of tiles and writes nothing more once closed.
  app.addHook('onClose', async () => {
    roadMap?.close();
    await roadMap?.settled();
  });
  const catalogs = createCatalogSource(tilesDir, roadMap);
  // At start: a cached cut is found at once, a new one starts now rather than on first request.
  catalogs.now();

  app.get(mapCatalogPath, async (_request, reply) => {
    const now = catalogs.now();
    if (now.kind === 'not-built') return sendError(reply, 503, notBuilt);
    if (now.kind === 'preparing') {
      reply.header('retry-after', String(preparingRetryAfterSeconds));
      return sendError(reply, 503, preparing);
    }
    const body: MapCatalog = {
      attribution: now.catalog.attribution,
      regions: now.catalog.regions.map((served) => served.region),
    };
    return reply.header('cache-control', catalogCacheControl).send(body);
  });

  app.get<{ Params: { file: string } }>('/tiles/:file', async (request, reply) => {
    const served = catalogs.archive(request.params.file);
    const path = served?.path;
    if (!served || !path || !existsSync(path)) {
      return sendError(reply, 404, `No map archive named "${request.params.file}".`);
    }
    const size = statSync(path).size;
    const etag = `"${served.region.version}"`;
    reply
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('cache-control', archiveCacheControl)
      .type('application/vnd.pmtiles');

    const ifNoneMatch = request.headers['if-none-match'];
    if (
      ifNoneMatch &&
      ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
    ) {
      return reply.code(304).send();
    }
    // A Range that names another version (If-Range) gets the whole current file instead.
    const ifRange = request.headers['if-range'];
    const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
    const range = parseRange(rangeHeader, size);
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${size}`)
        .type('application/json; charset=utf-8')
        .send({
          statusCode: 416,
          error: 'Range Not Satisfiable',
          message: `The archive has ${size} bytes.`,
        });
    }
    if (range.kind === 'partial') {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1);
      return reply.send(createReadStream(path, { start: range.start, end: range.end }));
    }
    reply.code(200).header('content-length', size);
    return reply.send(createReadStream(path));
  });
}
