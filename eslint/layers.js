// The layer table of docs/architecture.md "Layers", in one place: eslint.config.js builds its
// import-x/no-restricted-paths zones from it and tests/unit/architecture/layering.test.ts derives
// its expectations from it, so the lint rules and the test cannot drift apart.

/** Feature areas under src/: each may import the shared client layers, never another area. */
export const areas = [
  'explore',
  'ride',
  'safety',
  'learn',
  'hunting',
  'garage',
  'local',
  'me',
  'admin',
  'voice',
];

/** Client layers below the areas, each with the client layers it may import (besides itself). */
export const sharedClientLayers = {
  sync: ['photos', 'ui', 'db-react', 'db', 'lib'],
  photos: ['ui', 'db', 'lib'],
  map: ['ui', 'db-react', 'db', 'lib'],
  'trail-reports': ['photos', 'ui', 'db-react', 'db', 'lib'],
  ui: ['features', 'lib'],
  features: ['lib'],
  machines: ['lib'],
  'db-react': ['db', 'lib'],
  db: ['lib'],
  lib: [],
};

/** Everything under src/ that is a layer: the shell, the areas and the shared layers. */
export const clientLayers = ['app', ...areas, ...Object.keys(sharedClientLayers)];

/** Client layers each client layer may import, besides itself (schemas/ and data/ are open). */
export const clientAllowed = {
  app: clientLayers.filter((layer) => layer !== 'app'),
  ...Object.fromEntries(areas.map((area) => [area, Object.keys(sharedClientLayers)])),
  ...sharedClientLayers,
};

/**
 * Top-level folders, each with the project folders it may import besides itself ('src/map' is
 * one folder of src/) and the reason the lint message gives. tests/ may import anything and data/
 * holds no code, so neither is a layer here.
 */
export const repositoryLayers = {
  src: {
    mayImport: ['schemas'],
    message:
      'The client imports only src/, schemas/ and data/; share contracts through schemas/ (docs/architecture.md#layers).',
  },
  schemas: {
    mayImport: [],
    message:
      'schemas/ is the bottom layer: it imports nothing of the project (docs/architecture.md#layers).',
  },
  datasets: {
    mayImport: ['schemas'],
    message: 'datasets/ imports only schemas/ (docs/architecture.md#layers).',
  },
  'map-archives': {
    mayImport: [],
    message:
      'map-archives/ (the PMTiles writer and tile grid) imports nothing of the project (docs/architecture.md#layers).',
  },
  'sync-server': {
    mayImport: ['schemas', 'datasets', 'map-archives'],
    message:
      'The server imports only schemas/, datasets/ and map-archives/; move what the tile build or the client also needs there (docs/architecture.md#layers).',
  },
  scripts: {
    mayImport: ['schemas', 'datasets', 'map-archives', 'src/map'],
    message:
      'Scripts import schemas/, datasets/, map-archives/ and the archive readers of src/map, never server internals (docs/architecture.md#layers).',
  },
};

/** Top-level folders an import may come from; tests/ is one, though it is never restricted. */
const topLevelFolders = [...Object.keys(repositoryLayers), 'tests'];

/**
 * Every layer as a path from the repository root (`src/ui`, `sync-server`): the client layers,
 * then the top-level ones other than src/ itself.
 */
export const layers = [
  ...clientLayers.map((layer) => `src/${layer}`),
  ...Object.keys(repositoryLayers).filter((folder) => folder !== 'src'),
];

/** Whether code in layer `from` may import code in layer `to` (both as in `layers`). */
export function mayImport(from, to) {
  if (from === to) return true;
  const [fromTop, fromSub] = from.split('/');
  const [toTop, toSub] = to.split('/');
  if (fromTop === 'src' && toTop === 'src') return clientAllowed[fromSub].includes(toSub);
  const allowed = repositoryLayers[fromTop].mayImport;
  return allowed.includes(to) || (toSub !== undefined && allowed.includes(toTop));
}

/** The import-x/no-restricted-paths zones that enforce the table. */
export function restrictedPathZones() {
  // The shell may import every client layer, so it gets no zone (an empty `from` is invalid).
  const clientZones = clientLayers
    .filter((layer) => layer !== 'app')
    .map((layer) => ({
      target: `./src/${layer}`,
      from: clientLayers
        .filter((other) => other !== layer && !clientAllowed[layer].includes(other))
        .map((other) => `./src/${other}`),
      message: areas.includes(layer)
        ? `Areas may import only ${clientAllowed[layer].join(', ')} (never another area or the shell); see docs/architecture.md#layers.`
        : `src/${layer} may import only ${clientAllowed[layer].join(', ') || 'nothing else in src'}; see docs/architecture.md#layers.`,
    }));
  const repositoryZones = Object.entries(repositoryLayers).map(([folder, layer]) => {
    const from = topLevelFolders.filter(
      (other) => other !== folder && !layer.mayImport.includes(other),
    );
    // An allowed sub-folder ('src/map') is an exception inside an otherwise forbidden folder.
    const except = layer.mayImport
      .filter((allowed) => allowed.includes('/'))
      .map((allowed) => `./${allowed.split('/').slice(1).join('/')}`);
    return {
      target: `./${folder}`,
      from: from.map((other) => `./${other}`),
      ...(except.length > 0 ? { except } : {}),
      message: layer.message,
    };
  });
  return [...clientZones, ...repositoryZones];
}
