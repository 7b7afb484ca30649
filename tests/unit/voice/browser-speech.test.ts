/**
 * Browser speech adapters and the §5/§8 texts riders read when the microphone or camera fails
 * (voice-navigation-campgrounds §5, §8), and recognition set up as §5 says (English (US), single
 * result, interim results).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cameraErrorText,
  createBrowserSpeechRecognizer,
  microphoneDeniedBeforeAsking,
  microphoneErrorText,
  type RecognitionHandlers,
} from '../../../src/lib/voice/browser-speech.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('microphone and camera texts', () => {
  it('maps getUserMedia failures to the §8 texts', () => {
    expect(microphoneErrorText(new DOMException('', 'NotAllowedError'))).toBe(
      'Microphone access denied. Please allow microphone access in your browser settings.',
    );
    expect(microphoneErrorText(new DOMException('', 'NotFoundError'))).toBe(
      'No microphone found. Please connect a microphone and try again.',
    );
    expect(microphoneErrorText(new DOMException('', 'NotReadableError'))).toBe(
      'Microphone is being used by another application. Please close other apps and try again.',
    );
    expect(microphoneErrorText(new Error('something odd'))).toBe('Failed to access microphone');
    expect(microphoneErrorText(new Error('Failed to start recording'))).toBe(
      'Failed to start recording',
    );
    expect(cameraErrorText(new DOMException('', 'NotAllowedError'))).toBe('Camera access denied');
    expect(cameraErrorText(new DOMException('', 'NotReadableError'))).toBe(
      'Failed to access camera',
    );
  });

  it('reports an already denied microphone with the §5 text before asking', async () => {
    const denied = { query: async () => ({ state: 'denied' }) as PermissionStatus };
    const prompt = { query: async () => ({ state: 'prompt' }) as PermissionStatus };
    const unsupported = {
      query: async () => {
        throw new TypeError('microphone is not a valid permission name');
      },
    };
    await expect(microphoneDeniedBeforeAsking(denied)).resolves.toBe(
      'Microphone access denied. Please enable it in your browser settings.',
    );
    await expect(microphoneDeniedBeforeAsking(prompt)).resolves.toBeNull();
    await expect(microphoneDeniedBeforeAsking(unsupported)).resolves.toBeNull();
  });
});

describe('browser speech recognition', () => {
  it('is null without the API (the talk button is then hidden)', () => {
    vi.stubGlobal('window', {});
    expect(createBrowserSpeechRecognizer()).toBeNull();
  });

  it('listens in en-US for one result with interim results and reports the final transcript', () => {
    const created: Record<string, unknown>[] = [];
    class FakeRecognition {
      lang = '';
      continuous = true;
      interimResults = false;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      start = vi.fn();
      abort = vi.fn();
      constructor() {
        created.push(this as unknown as Record<string, unknown>);
      }
    }
    vi.stubGlobal('window', { webkitSpeechRecognition: FakeRecognition });
    const recognizer = createBrowserSpeechRecognizer()!;
    const results: [string, boolean][] = [];
    const handlers: RecognitionHandlers = {
      onResult: (text, isFinal) => results.push([text, isFinal]),
      onError: vi.fn(),
      onEnd: vi.fn(),
    };
    recognizer.start(handlers);
    const recognition = created[0] as unknown as FakeRecognition;
    expect(recognition).toMatchObject({
      lang: 'en-US',
      continuous: false,
      interimResults: true,
      maxAlternatives: 1,
    });
    expect(recognition.start).toHaveBeenCalled();
    recognition.onresult!({
      resultIndex: 0,
      results: [{ isFinal: true, 0: { transcript: ' nearest campground ' } }],
    });
    expect(results).toEqual([['nearest campground', true]]);
    recognizer.abort();
    expect(recognition.abort).toHaveBeenCalled();
    expect(recognition.onresult).toBeNull();
  });
});
