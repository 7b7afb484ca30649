/**
 * A Vite build plugin that lets the page ask for the chunks its entry loads with `import()`
 * as soon as it asks for the entry. The entry (src/main.tsx) imports React and the app's first
 * screen dynamically, so that their evaluation runs in tasks of its own; without these links
 * the browser would learn of those chunks only once the entry had run, one round trip later
 * (more than half a second on slow 4G).
 *
 * For each source module named, the chunk holding it and every chunk it imports statically get
 * a `<link rel="modulepreload">` in `index.html`, and their stylesheets a stylesheet link (which
 * the pre-render step inlines, scripts/prerender-build.ts). Vite's loader of dynamic imports
 * finds the links and does not add them again.
 */
import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/**
 * The chunks holding `moduleIds` and every chunk they import statically, each after the chunks
 * it imports, leaving out those named in `exclude` (build file names). Throws when no chunk
 * holds one of the modules (a renamed file: the links would silently go missing).
 */
export function chunksToPreload(
  bundle: OutputBundle,
  moduleIds: readonly string[],
  exclude: ReadonlySet<string>,
): OutputChunk[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const found: OutputChunk[] = [];
  const seen = new Set(exclude);
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
    found.push(chunk);
  };
  for (const id of moduleIds) {
    const holder = chunks.find((chunk) => chunk.moduleIds.includes(id));
    if (!holder) throw new Error(`Preload: no chunk of the build holds ${id}.`);
    visit(holder);
  }
  return found;
}

/**
 * The plugin (see the file comment). `modules` are source paths from the project root, or
 * package entries as the bundler resolves them (`node_modules/react-dom/client.js`).
 */
export function preloadStartChunks(modules: readonly string[]): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'natural-state-trails:preload-start-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return [];
        const alreadyLinked = new Set([entry.fileName, ...entry.imports]);
        const chunks = chunksToPreload(
          bundle,
          modules.map((module) => resolve(root, module)),
          alreadyLinked,
        );
        const tags: HtmlTagDescriptor[] = [];
        for (const chunk of chunks) {
          for (const stylesheet of chunk.viteMetadata?.importedCss ?? []) {
            tags.push({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${stylesheet}` },
              injectTo: 'head',
            });
          }
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
  };
}
