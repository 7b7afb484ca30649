/**
 * The achievement catalogue shipped in data/achievements.json (requirements §core-3 "achievements",
 * §core-7 GET /api/achievements): milestones for riding, exploration, safety, learning and
 * community.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Achievement } from '../../schemas/achievements.ts';

/**
 * Achievements from `${dataDir}/achievements.json` (an array of achievement documents without
 * `updatedAt`), stamped with `updatedAt` (ms) and sorted by `sortOrder`. Throws if the file is
 * unreadable or not an array.
 */
export function loadAchievements(dataDir: string, updatedAt: number): Achievement[] {
  const file = join(dataDir, 'achievements.json');
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`${file} must hold an array of achievements`);
  return (parsed as Omit<Achievement, 'updatedAt'>[])
    .map((achievement) => ({ ...achievement, updatedAt }))
    .sort((a, b) => a.sortOrder - b.sortOrder);
}
