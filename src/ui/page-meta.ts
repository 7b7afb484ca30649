/**
 * Per-page search-engine and social metadata (requirements §voice-2.5): title, description,
 * keywords, canonical link and Open Graph / Twitter tags, written into document.head.
 */
import { useEffect } from 'react';

/** Product name appended to every page title. */
export const SITE_NAME = 'Natural State Trails';

/** Metadata of one page. `path` is the app path (e.g. `/map/abc`), made absolute for canonical. */
export interface PageMeta {
  title: string;
  description: string;
  keywords?: string[];
  path: string;
}

function upsertMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function removeMeta(attribute: 'name' | 'property', key: string): void {
  document.head.querySelector(`meta[${attribute}="${key}"]`)?.remove();
}

/** Picture shown with shared links: the app icon (public/icons), the only image we own. */
const shareImagePath = '/icons/icon-512.png';

function upsertCanonical(href: string): void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.rel = 'canonical';
    document.head.appendChild(element);
  }
  element.href = href;
}

/** Full document title for a page title ("Saved Trails | Natural State Trails"). */
export function formatPageTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`;
}

/**
 * Sets the page's title, description, keywords, canonical link and og:/twitter: tags while the
 * calling component is mounted (updates when any field changes). Pages that show a trail or area
 * put its name into `title` (requirements §voice-2.5). Browser only; does nothing without a
 * document.
 */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, path } = meta;
  const keywords = meta.keywords?.join(', ') ?? '';
  useEffect(() => {
    if (typeof document === 'undefined') return;
    const fullTitle = formatPageTitle(title);
    const url = new URL(path, window.location.origin).href;
    document.title = fullTitle;
    upsertMeta('name', 'description', description);
    // A page without keywords must not keep the previous page's.
    if (keywords) upsertMeta('name', 'keywords', keywords);
    else removeMeta('name', 'keywords');
    upsertCanonical(url);
    upsertMeta('property', 'og:title', fullTitle);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:url', url);
    upsertMeta('property', 'og:type', 'website');
    upsertMeta('property', 'og:site_name', SITE_NAME);
    upsertMeta('property', 'og:image', new URL(shareImagePath, window.location.origin).href);
    upsertMeta('name', 'twitter:card', 'summary');
    upsertMeta('name', 'twitter:title', fullTitle);
    upsertMeta('name', 'twitter:description', description);
  }, [title, description, keywords, path]);
}
