/**
 * Every skills lesson, in the order of the directory (src/features/directory.ts SKILLS_SUBPAGES,
 * with the /arkansas-skills overview first).
 */
import type { Lesson } from '../lesson-types.ts';
import { ridingLessons } from './riding.ts';
import { trailSportLessons } from './trail-sports.ts';

/** All 17 lessons: the overview and one per skills subpage. */
export const lessons: readonly Lesson[] = [...ridingLessons, ...trailSportLessons];

/** The lesson of `id` (a subpage slug or 'arkansas-skills'); undefined when there is none. */
export function findLesson(id: string): Lesson | undefined {
  return lessons.find((lesson) => lesson.id === id);
}
