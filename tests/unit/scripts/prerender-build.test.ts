import { describe, expect, it } from 'vitest';
import { pageFromTemplate, prerenderedFileOf } from '../../../scripts/prerender-build.ts';

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
});
