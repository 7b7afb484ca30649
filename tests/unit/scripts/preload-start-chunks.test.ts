import { describe, expect, it } from 'vitest';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { chunksToPreload } from '../../../scripts/preload-start-chunks.ts';

/** A chunk as the bundler hands it to plugins, with only the fields the step reads. */
function chunk(fileName: string, moduleIds: string[], imports: string[] = []): OutputChunk {
  return { type: 'chunk', fileName, moduleIds, imports } as unknown as OutputChunk;
}

function bundleOf(...chunks: OutputChunk[]): OutputBundle {
  return Object.fromEntries(chunks.map((each) => [each.fileName, each])) as OutputBundle;
}

describe('the chunks the entry imports dynamically, asked for with the page', () => {
  const bundle = bundleOf(
    chunk('assets/index.js', ['/app/src/main.tsx'], ['assets/runtime.js']),
    chunk('assets/runtime.js', ['\0runtime']),
    chunk('assets/react.js', ['/app/node_modules/react-dom/client.js'], ['assets/runtime.js']),
    chunk(
      'assets/shell.js',
      ['/app/src/app/start-app.tsx', '/app/src/app/router.tsx'],
      ['assets/index.js', 'assets/react.js', 'assets/runtime.js'],
    ),
    chunk('assets/map-page.js', ['/app/src/map/map-page.tsx'], ['assets/shell.js']),
  );

  it('lists each chunk after the chunks it imports, once, without those the page already links', () => {
    const files = chunksToPreload(
      bundle,
      ['/app/node_modules/react-dom/client.js', '/app/src/app/start-app.tsx'],
      new Set(['assets/index.js', 'assets/runtime.js']),
    ).map((each) => each.fileName);
    expect(files).toEqual(['assets/react.js', 'assets/shell.js']);
  });

  it('fails the build when no chunk holds a named module, rather than leaving a link out', () => {
    expect(() =>
      chunksToPreload(bundle, ['/app/src/app/renamed-start.tsx'], new Set(['assets/index.js'])),
    ).toThrow('no chunk of the build holds /app/src/app/renamed-start.tsx');
  });
});
