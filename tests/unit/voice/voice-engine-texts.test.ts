/**
 * What riders read when the microphone fails (§8) and how provider events reach the voice
 * machine (§7.1 data-channel events).
 */
import { describe, expect, it } from 'vitest';
import { microphoneErrorText } from '../../../src/lib/voice/microphone-recorder.ts';
import { toRealtimeEvent } from '../../../src/lib/voice/realtime-voice.ts';

function domError(name: string): DOMException {
  return new DOMException('from the browser', name);
}

describe('microphone errors (§8)', () => {
  it.each([
    ['NotFoundError', 'No microphone found. Please connect a microphone and try again.'],
    [
      'NotAllowedError',
      'Microphone access denied. Please allow microphone access in your browser settings.',
    ],
    [
      'NotReadableError',
      'Microphone is being used by another application. Please close other apps and try again.',
    ],
    ['TypeError', 'Failed to access microphone'],
  ])('%s reads "%s"', (name, text) => {
    expect(microphoneErrorText(domError(name))).toBe(text);
  });
});

describe('realtime events (§7.1)', () => {
  it('passes on the rider transcript, reply text and audio-transcript deltas, and the end of a reply', () => {
    expect(
      toRealtimeEvent({
        type: 'conversation.item.input_audio_transcription.completed',
        transcript: 'find trails',
      }),
    ).toEqual({ type: 'transcript', text: 'find trails' });
    expect(toRealtimeEvent({ type: 'response.output_text.delta', delta: 'Wolf ' })).toEqual({
      type: 'reply.delta',
      delta: 'Wolf ',
    });
    expect(
      toRealtimeEvent({ type: 'response.output_audio_transcript.delta', delta: 'Pen' }),
    ).toEqual({ type: 'reply.delta', delta: 'Pen' });
    expect(toRealtimeEvent({ type: 'response.audio_transcript.delta', delta: 'Gap' })).toEqual({
      type: 'reply.delta',
      delta: 'Gap',
    });
    expect(toRealtimeEvent({ type: 'response.done' })).toEqual({ type: 'reply.done' });
  });

  it('reports provider errors with their message, or "Unknown error"', () => {
    expect(toRealtimeEvent({ type: 'error', error: { message: 'Rate limit reached' } })).toEqual({
      type: 'error',
      message: 'Rate limit reached',
    });
    expect(toRealtimeEvent({ type: 'error' })).toEqual({ type: 'error', message: 'Unknown error' });
  });

  it('ignores the events the machine has no use for', () => {
    expect(toRealtimeEvent({ type: 'session.created' })).toBeNull();
    expect(toRealtimeEvent('not an event')).toBeNull();
  });
});
