/**
 * Offline map routes: GET /api/map-regions (the region catalog) and GET/HEAD
 * /tiles/:file (the PMTiles archives) with single byte-range requests, a strong ETag (the
 * archive's content hash), If-None-Match / If-Range, and a year of immutable caching: archive
 * names carry their hash, so a rebuilt archive is a new URL.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors.ts';
import { parseRange } from '../tiles/byte-ranges.ts';
import { mapCatalogPath, type MapCatalog } from '../../schemas/map-catalog.ts';
import { createTileCatalogReader, toPublicRegion } from '../tiles/tile-catalog.ts';

/** Options of `registerTilesRoutes`. */
export interface TilesRouteOptions {
  /** Folder with catalog.json and the archives (`npm run tiles` output). */
  tilesDir: string;
}

/** Cache-Control of an archive: its name is content-addressed, so it never changes. */
export const archiveCacheControl = 'public, max-age=31536000, immutable';

/** The catalog may change on any rebuild; clients revalidate it. */
export const catalogCacheControl = 'no-cache';

const notBuilt =
  'The offline map archives are not built on this server. Run `npm run tiles` (or `npm start`, which builds them).';

/** Registers the catalog and archive routes over `tilesDir`. */
export async function registerTilesRoutes(
  app: FastifyInstance,
  { tilesDir }: TilesRouteOptions,
): Promise<void> {
  const readCatalog = createTileCatalogReader(tilesDir);

  app.get(mapCatalogPath, async (_request, reply) => {
    const catalog = readCatalog();
    if (!catalog) return sendError(reply, 503, notBuilt);
    const body: MapCatalog = {
      attribution: catalog.attribution,
      regions: catalog.regions.map(toPublicRegion),
    };
    return reply.header('cache-control', catalogCacheControl).send(body);
  });

  app.get<{ Params: { file: string } }>('/tiles/:file', async (request, reply) => {
    const catalog = readCatalog();
    // Only files the catalog lists are served: no path tricks can reach anything else.
    const region = catalog?.regions.find((entry) => entry.file === request.params.file);
    const path = region ? join(tilesDir, region.file) : null;
    if (!region || !path || !existsSync(path)) {
      return sendError(reply, 404, `No map archive named "${request.params.file}".`);
    }
    const size = statSync(path).size;
    const etag = `"${region.version}"`;
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
