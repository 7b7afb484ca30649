/**
 * React bindings of src/db/campground-preferences.ts: the campground directory's device-only
 * preferences (favourites, latest searches, last filters) as React state, read and saved through
 * the setting the repository module keeps. The hooks subscribe to the repository's reads through
 * useObservable and call its writes; the storage rules live in the repository module.
 */
import { useCallback } from 'react';
import { addToSearchHistory, toggleFavorite } from '../lib/campgrounds/directory.ts';
import { useLocalSetting } from './settings.ts';
import {
  campgroundPreferencesKey,
  type CampgroundPreferences,
  defaultCampgroundPreferences,
} from '../db/campground-preferences.ts';

/**
 * The preferences as React state with the directory's three writes: toggle a favourite,
 * remember a search (latest 10), and store the filters. `isLoading` until first read.
 */
export function useCampgroundPreferences() {
  const { value, isLoading, setValue } = useLocalSetting<CampgroundPreferences>(
    campgroundPreferencesKey,
    defaultCampgroundPreferences,
  );
  const toggleFavoriteCampground = useCallback(
    (id: string) =>
      setValue((current) => ({
        ...current,
        favoriteCampgrounds: toggleFavorite(current.favoriteCampgrounds, id),
      })),
    [setValue],
  );
  const rememberSearch = useCallback(
    (query: string) =>
      setValue((current) => ({
        ...current,
        searchHistory: addToSearchHistory(current.searchHistory, query),
      })),
    [setValue],
  );
  const saveFilters = useCallback(
    (filterPreferences: CampgroundPreferences['filterPreferences']) =>
      setValue((current) => ({ ...current, filterPreferences })),
    [setValue],
  );
  return {
    preferences: value,
    isLoading,
    toggleFavoriteCampground,
    rememberSearch,
    saveFilters,
  };
}
