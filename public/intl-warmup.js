/*
 * Loads the browser's locale data in a task of its own, before the app's entry evaluates
 * (index.html loads this file `async`). A page's first Intl call loads that data, about 50 ms
 * on a desktop and 100–200 ms on a mid-range phone; react-aria makes it while its modules
 * evaluate, which made the entry's evaluation one long task during which taps waited.
 * Nothing depends on this running: without it the entry pays the same once.
 */
try {
  Intl.DateTimeFormat.supportedLocalesOf([navigator.language || 'en-US']);
} catch {
  // An unusual language tag: react-aria falls back to en-US by itself.
}
