/**
 * Long recordings for the offline Whisper model (requirements §voice-4.1 "record, then transcribe
 * offline", §voice-9 30 s time-out). Whisper reads at most 30 seconds of audio at a time and
 * silently drops the rest, so a longer recording is cut into 30 s windows that overlap a little,
 * each window is transcribed on its own (each within the §voice-9 time-out), and the texts are
 * joined with the words heard twice in an overlap kept once.
 */

/** Whisper's input length: the model pads or cuts every input to this many seconds. */
export const transcriptionWindowSeconds = 30;

/**
 * How much consecutive windows share, in seconds: long enough that a word cut at one window's
 * end is heard whole at the start of the next.
 */
export const transcriptionOverlapSeconds = 2;

/** One window of a recording, as sample indices: `start` included, `end` excluded. */
export interface AudioWindow {
  start: number;
  end: number;
}

/**
 * The windows covering `sampleCount` samples recorded at `sampleRate` Hz: one window for a
 * recording of up to `windowSeconds`, else windows of `windowSeconds` starting every
 * `windowSeconds - overlapSeconds` (the last one shorter). Throws RangeError when the overlap is
 * not shorter than the window or the rate is not a positive number.
 */
export function transcriptionWindows(
  sampleCount: number,
  sampleRate: number,
  windowSeconds = transcriptionWindowSeconds,
  overlapSeconds = transcriptionOverlapSeconds,
): AudioWindow[] {
  if (!(sampleRate > 0) || !Number.isFinite(sampleRate)) {
    throw new RangeError(`Sample rate must be a positive number of Hz, not ${sampleRate}.`);
  }
  if (!(overlapSeconds >= 0 && overlapSeconds < windowSeconds)) {
    throw new RangeError('The overlap must be at least 0 s and shorter than the window.');
  }
  const windowLength = Math.round(windowSeconds * sampleRate);
  const step = windowLength - Math.round(overlapSeconds * sampleRate);
  const windows: AudioWindow[] = [];
  for (let start = 0; ; start += step) {
    const end = Math.min(start + windowLength, sampleCount);
    windows.push({ start, end });
    if (end >= sampleCount) return windows;
  }
}

/** A word as compared across a seam: lower case, without the punctuation Whisper adds. */
function comparable(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
}

/** Longest run of words an overlap of `transcriptionOverlapSeconds` can hold (fast speech). */
const maximumSeamWords = 12;

/**
 * Leading words of a window's text that may be a fragment of a word cut at the window's start
 * (Whisper then writes a stray syllable before the words also heard in the previous window).
 */
const maximumSeamFragments = 2;

/**
 * How many leading words of `next` repeat the end of `previous`: the longest run of the last words
 * of `previous` equal (ignoring case and punctuation) to the first words of `next`, possibly after
 * one or two stray fragments in `next`. A single repeated word after a fragment is not trusted (a
 * common word like "the" would match by chance), so that case needs two words.
 */
function seamLength(previous: string[], next: string[]): number {
  const before = previous.map(comparable);
  const after = next.map(comparable);
  for (let skipped = 0; skipped <= maximumSeamFragments; skipped += 1) {
    const longest = Math.min(maximumSeamWords, before.length, after.length - skipped);
    for (let length = longest; length >= (skipped === 0 ? 1 : 2); length -= 1) {
      let same = true;
      for (let index = 0; index < length && same; index += 1) {
        same = before[before.length - length + index] === after[skipped + index];
      }
      if (same) return skipped + length;
    }
  }
  return 0;
}

/**
 * The texts of consecutive overlapping windows as one transcript: words repeated across each
 * seam are kept once (the earlier window's spelling wins) and blank windows are skipped.
 */
export function joinWindowTranscripts(texts: readonly string[]): string {
  let words: string[] = [];
  for (const text of texts) {
    const next = text.trim().split(/\s+/).filter(Boolean);
    if (next.length === 0) continue;
    words = words.concat(next.slice(seamLength(words, next)));
  }
  return words.join(' ');
}
