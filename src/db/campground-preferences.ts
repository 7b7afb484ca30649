/**
 * The campground directory's device-only preferences (requirements §voice-3.4, §voice-6): favourite
 * campground ids, the latest searches and the last filters, kept in the local document
 * `setting:campgroundPreferences` (settings.ts), never synced.
 */
import type { CampgroundType } from '../../schemas/campgrounds.ts';
import type { CampgroundAmenityOption } from '../lib/campgrounds/directory.ts';

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
