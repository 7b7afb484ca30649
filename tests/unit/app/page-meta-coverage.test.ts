/**
 * Every page the router shows sets its own metadata (voice-navigation §2.5): each page module
 * the router loads calls usePageMeta (src/ui/page-meta.ts), so no route keeps the previous
 * page's title, description, canonical link and share tags.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const appFolder = new URL('../../../src/app/', import.meta.url);
const router = readFileSync(new URL('router.tsx', appFolder), 'utf8');
const pageModules = [
  ...new Set([...router.matchAll(/import\('(\.[^']+\.tsx)'\)/g)].map((m) => m[1]!)),
];

describe('page metadata on every route', () => {
  it('is set by every page module the router loads', () => {
    expect(pageModules).toEqual(
      expect.arrayContaining([
        '../me/donate-page.tsx',
        '../me/privacy-policy-page.tsx',
        '../admin/bluetooth-test-page.tsx',
      ]),
    );
    const missing = pageModules.filter(
      (path) => !readFileSync(new URL(path, appFolder), 'utf8').includes('usePageMeta({'),
    );
    expect(missing).toEqual([]);
  });
});
