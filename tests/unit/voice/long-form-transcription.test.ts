/**
 * Long recordings for the offline model (voice-navigation-campgrounds §4.1, §9): a recording over
 * Whisper's 30 s is cut into overlapping windows rather than cut off, and the window texts are
 * joined without the words heard twice at each seam.
 */
import { describe, expect, it } from 'vitest';
import {
  joinWindowTranscripts,
  transcriptionWindows,
} from '../../../src/lib/voice/long-form-transcription.ts';

describe('transcription windows', () => {
  it('covers a 75 s recording with 30 s windows overlapping by 2 s', () => {
    const windows = transcriptionWindows(75 * 16_000, 16_000);

    expect(windows.map(({ start, end }) => [start / 16_000, end / 16_000])).toEqual([
      [0, 30],
      [28, 58],
      [56, 75],
    ]);
  });

  it('keeps a recording of up to 30 s in one window, at any sample rate', () => {
    expect(transcriptionWindows(12 * 48_000, 48_000)).toEqual([{ start: 0, end: 576_000 }]);
    expect(transcriptionWindows(30 * 44_100, 44_100)).toEqual([{ start: 0, end: 1_323_000 }]);
  });
});

describe('joining window texts', () => {
  it('joins a 75 s question heard in three windows without repeating the seams', () => {
    const texts = [
      "I'm on the Wolf Pen trail and the trail forks at the creek.",
      'At the creek, which way goes back to camp? My buddy is on a Polaris',
      'Polaris and his belt is smoking.',
    ];

    expect(joinWindowTranscripts(texts)).toBe(
      "I'm on the Wolf Pen trail and the trail forks at the creek. which way goes back to camp? My buddy is on a Polaris and his belt is smoking.",
    );
  });

  it('drops a syllable cut at the window start before the repeated words', () => {
    expect(joinWindowTranscripts(['we are stuck in deep mud by the', 'ep mud by the ford'])).toBe(
      'we are stuck in deep mud by the ford',
    );
  });

  it('does not drop words that only look alike after a fragment, and skips blank windows', () => {
    expect(joinWindowTranscripts(['how far to the', '', 'ford the river'])).toBe(
      'how far to the ford the river',
    );
  });
});
