/**
 * `npm run bundled-campgrounds`: writes src/explore/campgrounds/bundled-campgrounds.json, the
 * campground list the app ships for a device whose catalogue has never arrived (requirements
 * §voice-8: a failed campground service falls back to the bundled list). The documents are those
 * the server seeds (Recreation.gov RIDB and OpenStreetMap, data/README.md) without `updatedAt`,
 * which the server stamps when it seeds. A component test fails when the file and the seed
 * differ, so a data change cannot leave the bundled list behind.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundledCampgroundDocuments, loadCampgrounds } from '../../datasets/campgrounds.ts';

const dataDir = fileURLToPath(new URL('../../data', import.meta.url));
const target = fileURLToPath(
  new URL('../../src/explore/campgrounds/bundled-campgrounds.json', import.meta.url),
);
const bundled = bundledCampgroundDocuments(loadCampgrounds(dataDir, 0));
writeFileSync(target, `${JSON.stringify(bundled)}\n`);
console.log(`Wrote ${bundled.length} campgrounds to ${target}`);
