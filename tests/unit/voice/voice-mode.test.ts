/**
 * Mode rule 1 of voice-navigation-campgrounds §4.1: online, realtime first; where realtime cannot
 * be had (signed out, a server without a realtime provider) or fails, the offline Whisper model
 * when it is ready, and only then the browser's own recognition.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseTalkMode,
  modeAfterRealtimeFailure,
  type TalkModeInputs,
} from '../../../src/lib/voice/voice-mode.ts';

const everything: TalkModeInputs = {
  online: true,
  realtimeAvailable: true,
  offlineModelReady: true,
  hasRecorder: true,
  hasRecognizer: true,
};

describe('choosing the mode when the rider presses talk', () => {
  const rows: [name: string, inputs: Partial<TalkModeInputs>, mode: string][] = [
    ['online, signed in, realtime configured → realtime', {}, 'realtime'],
    [
      'online, signed out (no realtime) with Whisper ready → Whisper',
      { realtimeAvailable: false },
      'offline',
    ],
    [
      'online, server without realtime, Whisper not downloaded → browser recognition',
      { realtimeAvailable: false, offlineModelReady: false },
      'browser',
    ],
    ['offline with Whisper ready → Whisper, never realtime', { online: false }, 'offline'],
    [
      'offline, Whisper not ready → browser recognition',
      { online: false, offlineModelReady: false },
      'browser',
    ],
    [
      'Whisper ready but no microphone recorder → browser recognition',
      { realtimeAvailable: false, hasRecorder: false },
      'browser',
    ],
    [
      'nothing can hear → none (Speech recognition not available)',
      { online: false, offlineModelReady: false, hasRecognizer: false },
      'none',
    ],
  ];

  it.each(rows)('%s', (_name, inputs, mode) => {
    expect(chooseTalkMode({ ...everything, ...inputs })).toBe(mode);
  });
});

describe('after a realtime session failed to start', () => {
  it('falls back to Whisper when it is ready', () => {
    expect(modeAfterRealtimeFailure({ ...everything, withImage: false })).toBe('offline');
  });

  it('shows the error when Whisper is not ready, or for a Show & Ask photo', () => {
    expect(
      modeAfterRealtimeFailure({ ...everything, offlineModelReady: false, withImage: false }),
    ).toBe('error');
    expect(modeAfterRealtimeFailure({ ...everything, withImage: true })).toBe('error');
  });
});
