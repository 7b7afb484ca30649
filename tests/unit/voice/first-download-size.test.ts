import { describe, expect, it } from 'vitest';
import { formatModelSize } from '../../../src/lib/voice/offline-model-consent.ts';
import { firstDownloadBytes } from '../../../src/lib/voice/offline-speech.ts';

describe('the size the rider agrees to download', () => {
  const model = { id: 'whisper-tiny.en', dtype: 'q8' as const, bytes: 41_000_000 };

  it('counts the speech runtime the first download also fetches', () => {
    expect(firstDownloadBytes({ ...model, runtimeBytes: 27_400_000 })).toBe(68_400_000);
    expect(formatModelSize(firstDownloadBytes({ ...model, runtimeBytes: 27_400_000 }))).toBe(
      formatModelSize(68_400_000),
    );
  });

  it('is the model alone when the server cannot say (no build hosted, older server)', () => {
    expect(firstDownloadBytes({ ...model, runtimeBytes: null })).toBe(41_000_000);
    expect(firstDownloadBytes(model)).toBe(41_000_000);
  });
});
