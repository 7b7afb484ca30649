// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pageFromTemplate, prerenderedFileOf } from '../../../scripts/prerender-build.ts';
import { preloadPageScripts } from '../../../src/app/prerender/page-scripts.ts';

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Natural State Trails</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the pre-render build step', () => {
  it('names each route’s file after its path, a parameter in brackets', () => {
    expect(prerenderedFileOf('/')).toBe('index.html');
    expect(prerenderedFileOf('/safety')).toBe('safety.html');
    expect(prerenderedFileOf('/arkansas-skills/terrain-mastery')).toBe(
      'arkansas-skills/terrain-mastery.html',
    );
    expect(prerenderedFileOf('/map/$trailId')).toBe('map/[trailId].html');
  });

  it('puts the markup in #root with its data, the styles inline and the hints in the head', () => {
    const page = pageFromTemplate(
      template,
      {
        html: '<link rel="preload" as="image" href="/favicon.svg"/><div class="app"><h1>Hi</h1></div>',
        data: '{"renderedAt":1}',
      },
      [{ path: '/assets/index-ghi.css', text: '.app{color:red}' }],
    );
    // Inline, with a disabled link so the lazy chunks' loader does not fetch the file again.
    expect(page).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/react-dom-def.js">',
    );
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" href="/favicon.svg"/><link rel="stylesheet" href="/assets/index-ghi.css" disabled><style>.app{color:red}</style>',
    );
    expect(page).toContain(
      '<div id="root"><div class="app"><h1>Hi</h1></div></div>\n    <script type="application/json" id="prerender-data">{"renderedAt":1}</script>',
    );
  });

  it('lists the page’s own scripts for the entry, which asks for them in that order', () => {
    const scripts = ['/assets/icons-a.js', '/assets/storage-b.js', '/assets/home-page-c.js'];
    const page = pageFromTemplate(template, { html: '<h1>Hi</h1>', data: '{}' }, [], scripts);
    // Not as links: the browser would fetch those before the first paint.
    expect(page).not.toContain('href="/assets/home-page-c.js"');
    const document = new DOMParser().parseFromString(page, 'text/html');

    preloadPageScripts(document);

    const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/react-dom-def.js',
      ...scripts,
    ]);
    // Credentials as the imports that will use them (Vite's links carry `crossorigin` too).
    expect(preloads.every((link) => link.hasAttribute('crossorigin'))).toBe(true);
    // The list is read once and leaves the page; the id is the one the entry reads.
    preloadPageScripts(document);
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(4);
  });

  it('lists nothing for a page without scripts of its own, and the entry adds no links', () => {
    const page = pageFromTemplate(template, { html: '<h1>Hi</h1>', data: '{}' }, []);
    const document = new DOMParser().parseFromString(page, 'text/html');
    preloadPageScripts(document);
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(1);
  });
});
