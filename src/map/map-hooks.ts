/**
 * Small browser-state hooks of the map: the network state and the map variant that follows
 * the app theme (a class on <body>, src/app/theme/themes.ts; its `color-scheme` tells light
 * from dark themes).
 */
import { useSyncExternalStore } from 'react';
import { mapVariantForTheme, type MapVariant } from './map-style.ts';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser reports a network connection (navigator.onLine). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

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
