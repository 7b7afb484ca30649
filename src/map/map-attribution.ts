/**
 * Attribution of the bundled map data (data/README.md), shown until the catalog's own text is
 * known: campgrounds and some trailheads are OpenStreetMap-derived (ODbL), so
 * "© OpenStreetMap contributors" always shows with them. Same text as the tile build writes.
 */
export const mapAttribution =
  '© OpenStreetMap contributors · Recreation.gov RIDB · US Census (us-atlas) · Natural Earth';
