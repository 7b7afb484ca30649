/**
 * The map variant that follows the app theme (a class on <body>, src/app/theme/themes.ts; its
 * `color-scheme` tells light from dark themes).
 */
import { useSyncExternalStore } from 'react';
import { mapVariantForTheme, type MapVariant } from './map-style.ts';

function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function currentVariant(): MapVariant {
  const body = document.body;
  const scheme = getComputedStyle(body).colorScheme.includes('light') ? 'light' : 'dark';
  return mapVariantForTheme(
    body.classList.contains('high-contrast') ? 'high-contrast' : null,
    scheme,
  );
}

/** The map variant for the current app theme; changes when the rider switches themes. */
export function useMapVariant(): MapVariant {
  return useSyncExternalStore(subscribeTheme, currentVariant, () => 'dark');
}
