import { afterEach, describe, expect, it } from 'vitest';
import {
  dismissToast,
  getToasts,
  holdWaitingToasts,
  isTimedToast,
  showToast,
  showToastWhenIdle,
  updateToast,
} from '../../../src/lib/toast.ts';

afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
});

describe('toasts, one at a time (core-platform §9)', () => {
  it('replaces the visible toast with a newer one', () => {
    showToast({ title: 'Saved' });
    showToast({ title: 'Synced' });
    expect(getToasts().map((toast) => toast.title)).toEqual(['Synced']);
  });

  it('shows an announcement that can wait at once when nothing is on screen', () => {
    showToastWhenIdle({ title: 'Ready to ride offline' });
    expect(getToasts().map((toast) => toast.title)).toEqual(['Ready to ride offline']);
  });

  it('keeps a visible toast and shows the waiting announcement after it ends', () => {
    showToast({ title: 'Welcome back, rider!' });
    showToastWhenIdle({ title: 'Ready to ride offline' });
    expect(getToasts().map((toast) => toast.title)).toEqual(['Welcome back, rider!']);

    dismissToast(getToasts()[0]!.id);
    expect(getToasts().map((toast) => toast.title)).toEqual(['Ready to ride offline']);
    // Shown once only: ending it leaves nothing waiting.
    dismissToast(getToasts()[0]!.id);
    expect(getToasts()).toEqual([]);
  });

  it('keeps a waiting announcement back while a modal holds it, and shows it on release', () => {
    const release = holdWaitingToasts();
    showToastWhenIdle({ title: 'Ready to ride offline' });
    expect(getToasts()).toEqual([]);
    // A toast that cannot wait still shows (and the announcement keeps waiting behind it).
    showToast({ title: 'Trail saved' });
    dismissToast(getToasts()[0]!.id);
    expect(getToasts()).toEqual([]);

    release();
    expect(getToasts().map((toast) => toast.title)).toEqual(['Ready to ride offline']);
    // A second release changes nothing.
    release();
    expect(getToasts()).toHaveLength(1);
  });
});

describe('toasts that offer an action or report progress', () => {
  it('stay until dismissed; plain toasts leave by themselves', () => {
    showToast({ title: 'Trail saved' });
    expect(isTimedToast(getToasts()[0]!)).toBe(true);
    showToast({
      title: 'Trail saved',
      action: { label: 'Download Ozarks map', onPress: () => {} },
    });
    expect(isTimedToast(getToasts()[0]!)).toBe(false);
    showToast({ title: 'Downloading', progress: { value: 1, max: 2, label: '1 B of 2 B' } });
    expect(isTimedToast(getToasts()[0]!)).toBe(false);
  });

  it('are updated in place, dropping the parts the update leaves out', () => {
    const id = showToast({
      title: 'Trail saved',
      action: { label: 'Download', onPress: () => {} },
    });
    const createdAt = getToasts()[0]!.createdAt;
    expect(
      updateToast(id, { title: 'Downloading', progress: { value: 0, max: 9, label: '0 of 9' } }),
    ).toBe(true);
    expect(getToasts()).toEqual([
      {
        id,
        title: 'Downloading',
        variant: 'default',
        createdAt,
        progress: { value: 0, max: 9, label: '0 of 9' },
      },
    ]);
  });

  it('are not brought back by an update once dismissed or replaced', () => {
    const id = showToast({ title: 'Downloading' });
    showToast({ title: 'Removed from saved trails' });
    expect(updateToast(id, { title: 'Ozarks map downloaded' })).toBe(false);
    expect(getToasts().map((toast) => toast.title)).toEqual(['Removed from saved trails']);
  });
});
