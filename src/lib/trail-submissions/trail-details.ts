/**
 * The trail details a rider fills in when submitting a trail and an admin may correct before
 * approving: form values, their validation messages and the stored shape
 * (schemas/trail-submissions.ts). Pure, shared by /submit-trail and /admin/trail-review.
 */
import {
  submissionTextLimits,
  type SubmissionSeason,
  type TrailSubmissionData,
} from '../../../schemas/trail-submissions.ts';
import type { TrailActivity, TrailDifficulty } from '../../../schemas/trails.ts';

/** What the season radio says: not known, open all year, or open between two dates. */
export type SeasonChoice = 'unknown' | 'yearRound' | 'window';

/** The form's values as typed (text fields are strings; month-days "MM-DD"). */
export interface TrailDetailsValues {
  name: string;
  activities: TrailActivity[];
  /** 'unknown' when the rider does not know. */
  difficulty: TrailDifficulty | 'unknown';
  season: SeasonChoice;
  openFrom: string;
  openUntil: string;
  notes: string;
}

/** The values a new submission starts with. */
export const emptyTrailDetails: TrailDetailsValues = {
  name: '',
  activities: [],
  difficulty: 'unknown',
  season: 'unknown',
  openFrom: '',
  openUntil: '',
  notes: '',
};

/** A validation message per field that has a problem. */
export type TrailDetailsErrors = Partial<Record<keyof TrailDetailsValues, string>>;

const monthDay = /^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;
const daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for a real month-day "MM-DD" (02-29 allowed: the window repeats every year). */
export function isMonthDay(text: string): boolean {
  if (!monthDay.test(text)) return false;
  const [month, day] = text.split('-').map(Number) as [number, number];
  return day <= daysInMonth[month - 1]!;
}

/** The problems of `values` (empty when it can be saved), worded for the rider. */
export function validateTrailDetails(values: TrailDetailsValues): TrailDetailsErrors {
  const errors: TrailDetailsErrors = {};
  const name = values.name.trim();
  if (name.length < 3) errors.name = 'Give the trail a name of at least 3 characters.';
  else if (name.length > submissionTextLimits.name) {
    errors.name = `Keep the name to ${submissionTextLimits.name} characters.`;
  }
  if (values.activities.length === 0) errors.activities = 'Choose at least one activity.';
  if (values.season === 'window') {
    if (!isMonthDay(values.openFrom))
      errors.openFrom = 'Enter the opening date as MM-DD, e.g. 04-01.';
    if (!isMonthDay(values.openUntil)) {
      errors.openUntil = 'Enter the closing date as MM-DD, e.g. 11-30.';
    }
  }
  if (values.notes.trim().length > submissionTextLimits.notes) {
    errors.notes = `Keep the notes to ${submissionTextLimits.notes} characters.`;
  }
  return errors;
}

/** The season as stored: null when unknown. */
function seasonOf(values: TrailDetailsValues): SubmissionSeason {
  if (values.season === 'unknown') return null;
  if (values.season === 'yearRound') return { yearRound: true, openFrom: null, openUntil: null };
  return { yearRound: false, openFrom: values.openFrom, openUntil: values.openUntil };
}

/** The stored fields of valid `values` (trimmed; empty notes become null). */
export function trailDetailsFields(
  values: TrailDetailsValues,
): Pick<TrailSubmissionData, 'name' | 'activities' | 'difficulty' | 'season' | 'notes'> {
  return {
    name: values.name.trim(),
    activities: [...values.activities],
    difficulty: values.difficulty === 'unknown' ? null : values.difficulty,
    season: seasonOf(values),
    notes: values.notes.trim() || null,
  };
}

/** The form values of a stored submission (the admin's edit form starts from them). */
export function trailDetailsValues(data: TrailSubmissionData): TrailDetailsValues {
  const { season } = data;
  return {
    name: data.name,
    activities: [...data.activities],
    difficulty: data.difficulty ?? 'unknown',
    season: season === null ? 'unknown' : season.yearRound ? 'yearRound' : 'window',
    openFrom: season?.openFrom ?? '',
    openUntil: season?.openUntil ?? '',
    notes: data.notes ?? '',
  };
}
