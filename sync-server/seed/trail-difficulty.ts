/**
 * A difficulty derived from the USFS trail class where no source rates a trail. The USFS
 * Trail Class (Forest Service Handbook 2309.18, the Trail Class Matrix) grades how developed a
 * trail is, from TC1 "minimally developed" (tread often indistinct, obstacles common and
 * substantial) to TC5 "fully developed" (wide, smooth, few obstacles). It is not a difficulty
 * rating, but it is the published fact closest to one: the less developed the tread, the harder
 * the ride. The mapping is ours and every derived value says so:
 * TC1–TC2 → hard, TC3 → moderate, TC4–TC5 → easy.
 *
 * A system without a rating of its own takes the level most of its USFS trails have (the
 * easier on a tie), naming the classes it comes from.
 */
import type { Trail, TrailDifficulty } from '../../schemas/trails.ts';

const classNames = [
  '',
  'Minimally developed',
  'Moderately developed',
  'Developed',
  'Highly developed',
  'Fully developed',
];
const levelOfClass: Record<number, TrailDifficulty> = {
  1: 'hard',
  2: 'hard',
  3: 'moderate',
  4: 'easy',
  5: 'easy',
};

/** The class number of a published trail class ("TC3 - DEVELOPED" → 3), or null. */
export function trailClassNumber(trailClass: string | null): number | null {
  const match = trailClass?.match(/^TC\s*([1-5])\b/i);
  return match ? Number(match[1]) : null;
}

/** A line's difficulty and how it was derived, or nulls without a published class. */
export function lineDifficulty(
  trailClass: string | null,
): Pick<Trail, 'difficulty' | 'difficultySource'> {
  const number = trailClassNumber(trailClass);
  if (number === null) return { difficulty: null, difficultySource: null };
  return {
    difficulty: levelOfClass[number]!,
    difficultySource: `Derived from USFS trail class ${number.toString()} (${classNames[number]!}); not a rating by the Forest Service`,
  };
}

const easierFirst: readonly TrailDifficulty[] = ['easy', 'moderate', 'hard'];

/**
 * A system's difficulty from its lines' derived levels, or nulls when none has one: the most
 * common level (the easier on a tie), with the classes counted in the source text.
 */
export function systemDifficulty(
  lines: readonly Pick<Trail, 'trailClass'>[],
): Pick<Trail, 'difficulty' | 'difficultySource'> {
  const classes = new Map<number, number>();
  for (const line of lines) {
    const number = trailClassNumber(line.trailClass);
    if (number !== null) classes.set(number, (classes.get(number) ?? 0) + 1);
  }
  if (classes.size === 0) return { difficulty: null, difficultySource: null };
  const byLevel = new Map<TrailDifficulty, number>();
  for (const [number, count] of classes) {
    const level = levelOfClass[number]!;
    byLevel.set(level, (byLevel.get(level) ?? 0) + count);
  }
  const most = Math.max(...byLevel.values());
  const level = easierFirst.find((candidate) => byLevel.get(candidate) === most)!;
  const counted = [...classes]
    .sort(([a], [b]) => a - b)
    .map(
      ([number, count]) =>
        `${count.toString()} of class ${number.toString()} (${levelOfClass[number]!})`,
    )
    .join(', ');
  return {
    difficulty: level,
    difficultySource: `Derived from the USFS trail classes of its trails: ${counted}; not a rating by the Forest Service`,
  };
}
