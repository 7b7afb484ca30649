/**
 * When the offline speech model may download (voice-navigation-campgrounds §4.1 "Offline
 * engine"): never before the rider agrees to the listed model, never by itself on a metered or
 * data-saver connection unless the model is already on the device, and not without signal.
 */
import { describe, expect, it } from 'vitest';
import {
  formatModelSize,
  isMeteredConnection,
  offlineModelStart,
  type OfflineModelStartInputs,
} from '../../../src/lib/voice/offline-model-consent.ts';

const agreed: OfflineModelStartInputs = {
  status: { state: 'not-ready', modelId: 'whisper-base.en' },
  consent: { modelId: 'whisper-base.en', bytes: 80_400_000, agreedAt: 0 },
  modelOnDevice: false,
  online: true,
  metered: false,
};

describe('metered or data-saver connections', () => {
  it.each([
    [{ saveData: true, type: 'wifi' }, true],
    [{ type: 'cellular' }, true],
    [{ metered: true }, true],
    [{ saveData: false, type: 'wifi', metered: false }, false],
    [{}, false],
    [null, false],
  ])('%j → metered %s', (connection, metered) => {
    expect(isMeteredConnection(connection)).toBe(metered);
  });
});

describe('what a page load does about the model', () => {
  it('asks first: no agreement, or an agreement to another model, fetches nothing', () => {
    expect(offlineModelStart({ ...agreed, consent: null })).toBe('ask-consent');
    expect(
      offlineModelStart({
        ...agreed,
        consent: { modelId: 'whisper-tiny.en', bytes: 41_000_000, agreedAt: 0 },
      }),
    ).toBe('ask-consent');
  });

  it('starts an agreed model on an unmetered connection', () => {
    expect(offlineModelStart(agreed)).toBe('start');
  });

  it('asks again on a metered or data-saver connection instead of downloading', () => {
    expect(offlineModelStart({ ...agreed, metered: true })).toBe('ask-metered');
  });

  it('loads a model already on the device whatever the connection, even with no signal', () => {
    expect(offlineModelStart({ ...agreed, metered: true, modelOnDevice: true })).toBe('start');
    expect(offlineModelStart({ ...agreed, online: false, modelOnDevice: true })).toBe('start');
  });

  it('waits for signal to download, and for the cache check to answer', () => {
    expect(offlineModelStart({ ...agreed, online: false })).toBe('wait-for-signal');
    expect(offlineModelStart({ ...agreed, modelOnDevice: null })).toBe('nothing');
  });

  it('does nothing while the model loads, is ready, or the server lists none', () => {
    for (const state of ['initializing', 'ready', 'error', 'not-installed'] as const) {
      expect(offlineModelStart({ ...agreed, status: { state, modelId: 'whisper-base.en' } })).toBe(
        'nothing',
      );
    }
    expect(offlineModelStart({ ...agreed, status: { state: 'not-ready', modelId: null } })).toBe(
      'nothing',
    );
  });

  it('shows sizes in whole megabytes, or kilobytes below 1 MB', () => {
    expect(formatModelSize(41_234_567)).toBe('41 MB');
    expect(formatModelSize(999_600)).toBe('1 MB');
    expect(formatModelSize(8_321)).toBe('8 kB');
  });
});
