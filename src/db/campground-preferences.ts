/**
 * The campground directory's device-only preferences (requirements §voice-3.4, §voice-6): favourite
 * campground ids, the latest searches and the last filters, kept in the local document
 * `setting:campgroundPreferences` (settings.ts), never synced.
 */
import { useCallback } from 'react';
import type { CampgroundType } from '../../schemas/campgrounds.ts';
import {
  addToSearchHistory,
  toggleFavorite,
  type CampgroundAmenityOption,
} from '../lib/campgrounds/directory.ts';
import { useLocalSetting } from './settings.ts';

/** Key of the local setting. */
export const campgroundPreferencesKey = 'campgroundPreferences';

/**
 * Stored shape (§voice-3.4). The notification switches have no alerts behind them yet: both off.
 */
export interface CampgroundPreferences {
  favoriteCampgrounds: string[];
  searchHistory: string[];
  filterPreferences: {
    types: CampgroundType[];
    amenities: CampgroundAmenityOption[];
    priceMin: string;
    priceMax: string;
    /** Absent in preferences stored before the "priced only" choice existed (false). */
    pricedOnly?: boolean;
  };
  notifications: { availabilityAlerts: boolean; priceDropAlerts: boolean };
}

export const defaultCampgroundPreferences: CampgroundPreferences = {
  favoriteCampgrounds: [],
  searchHistory: [],
  filterPreferences: { types: [], amenities: [], priceMin: '', priceMax: '', pricedOnly: false },
  notifications: { availabilityAlerts: false, priceDropAlerts: false },
};

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
