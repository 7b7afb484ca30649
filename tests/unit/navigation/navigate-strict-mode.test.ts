/**
 * The navigate page's actor under React StrictMode's mount → unmount → mount (development
 * builds run every effect's setup and cleanup one extra time on mount). No DOM library is
 * installed, so React's hook dispatcher (the object React's own `useState`, `useEffect`, …
 * forward to while a renderer renders a component) is a small runtime that keeps hook state
 * between renders and runs effects the way StrictMode does; the page's real hook
 * (src/ride/use-navigation-actor.ts) and @xstate/react's `useActorRef` run unchanged on it.
 * Geolocation is a fake that tracks live watches and delivers fixes.
 */
import * as React from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavigationTarget } from '../../../src/machines/navigation-cues.ts';
import { useNavigationActor } from '../../../src/ride/use-navigation-actor.ts';

/** React 19's shared internals; `H` is the current hook dispatcher (null outside a render). */
const internals = (
  React as unknown as {
    __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: { H: unknown };
  }
).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

const strict = (() => {
  type Cleanup = void | (() => void);
  type Slot =
    | { kind: 'value'; value: unknown; deps?: readonly unknown[] | undefined }
    | {
        kind: 'effect';
        setup: () => Cleanup;
        deps: readonly unknown[] | undefined;
        cleanup: Cleanup;
        pending: boolean;
      };
  let slots: Slot[] = [];
  let cursor = 0;
  const depsChanged = (before?: readonly unknown[], after?: readonly unknown[]) =>
    !before ||
    !after ||
    before.length !== after.length ||
    before.some((value, index) => !Object.is(value, after[index]));
  const effects = () =>
    slots.filter((slot): slot is Extract<Slot, { kind: 'effect' }> => slot.kind === 'effect');

  const hooks = {
    useState<T>(initial: T | (() => T)) {
      const index = cursor++;
      if (slots[index] === undefined) {
        const create = () => (typeof initial === 'function' ? (initial as () => T)() : initial);
        // StrictMode calls an initializer twice and keeps the first result.
        const value = create();
        create();
        slots[index] = { kind: 'value', value };
      }
      const slot = slots[index] as Extract<Slot, { kind: 'value' }>;
      const set = (next: T | ((current: T) => T)) => {
        slot.value =
          typeof next === 'function' ? (next as (current: T) => T)(slot.value as T) : next;
      };
      return [slot.value as T, set] as const;
    },
    useMemo<T>(factory: () => T, deps?: readonly unknown[]) {
      const index = cursor++;
      const slot = slots[index] as Extract<Slot, { kind: 'value' }> | undefined;
      if (!slot || depsChanged(slot.deps, deps))
        slots[index] = { kind: 'value', value: factory(), deps };
      return (slots[index] as Extract<Slot, { kind: 'value' }>).value as T;
    },
    useCallback<T>(callback: T, deps?: readonly unknown[]) {
      return hooks.useMemo(() => callback, deps);
    },
    useRef<T>(initial: T) {
      return hooks.useState(() => ({ current: initial }))[0];
    },
    useEffect(setup: () => Cleanup, deps?: readonly unknown[]) {
      const index = cursor++;
      const slot = slots[index] as Extract<Slot, { kind: 'effect' }> | undefined;
      if (!slot) slots[index] = { kind: 'effect', setup, deps, cleanup: undefined, pending: true };
      else if (depsChanged(slot.deps, deps)) Object.assign(slot, { setup, deps, pending: true });
    },
    useLayoutEffect(setup: () => Cleanup, deps?: readonly unknown[]) {
      hooks.useEffect(setup, deps);
    },
  };

  const runPending = () => {
    for (const effect of effects()) {
      if (!effect.pending) continue;
      effect.cleanup?.();
      effect.cleanup = effect.setup();
      effect.pending = false;
    }
  };
  const cleanupAll = () => {
    for (const effect of effects().reverse()) {
      effect.cleanup?.();
      effect.cleanup = undefined;
    }
  };

  return {
    hooks,
    /** Renders `hook` as a component's body, once per call (state kept between calls). */
    render<T>(hook: () => T): T {
      cursor = 0;
      const previous = internals.H;
      internals.H = hooks;
      try {
        return hook();
      } finally {
        internals.H = previous;
      }
    },
    /** Mounts under StrictMode: effects set up, cleaned up, set up again. */
    mountStrict<T>(hook: () => T): T {
      slots = [];
      const result = this.render(hook);
      runPending();
      cleanupAll();
      for (const effect of effects()) effect.cleanup = effect.setup();
      return result;
    },
    /** Re-renders and runs effects whose dependencies changed. */
    rerender<T>(hook: () => T): T {
      const result = this.render(hook);
      runPending();
      return result;
    },
    unmount() {
      cleanupAll();
      slots = [];
    },
  };
})();

/** Big Dam Bridge trailhead area, Little Rock (WGS84 lon/lat); any real point works here. */
const target: NavigationTarget = {
  kind: 'point',
  name: 'Test trailhead',
  longitude: -92.3538,
  latitude: 34.7923,
  approximate: false,
};

interface Watch {
  success: (position: {
    coords: { longitude: number; latitude: number; accuracy: number };
  }) => void;
}

let watches: Map<number, Watch>;

beforeEach(() => {
  watches = new Map();
  let nextId = 1;
  vi.stubGlobal('navigator', {
    geolocation: {
      watchPosition: (success: Watch['success']) => {
        const id = nextId++;
        watches.set(id, { success });
        return id;
      },
      clearWatch: (id: number) => watches.delete(id),
    },
  });
});
afterEach(() => {
  strict.unmount();
  vi.unstubAllGlobals();
});

describe('navigate page actor under React StrictMode', () => {
  it('is running after mount → unmount → mount, with one GPS watch that reaches it', () => {
    const actor = strict.mountStrict(() => useNavigationActor(target));
    expect(actor.getSnapshot().status).toBe('active');
    expect(watches.size).toBe(1);

    const [watch] = watches.values();
    watch!.success({ coords: { longitude: -92.36, latitude: 34.79, accuracy: 8 } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('waiting')).toBe(false);
    expect(snapshot.context.accuracyMeters).toBe(8);
    expect(snapshot.context.guidance.distanceToTargetMeters).toBeGreaterThan(0);

    actor.send({ type: 'navigation.toggleSpeech' });
    expect(actor.getSnapshot().context.speechEnabled).toBe(false);
  });

  it('keeps the same actor across re-renders and stops it, clearing the GPS watch, on unmount', () => {
    const first = strict.mountStrict(() => useNavigationActor(target));
    const again = strict.rerender(() => useNavigationActor(target));
    expect(again).toBe(first);
    expect(watches.size).toBe(1);
    strict.unmount();
    expect(watches.size).toBe(0);
    // Stopped: events no longer change it.
    first.send({ type: 'navigation.toggleSpeech' });
    expect(first.getSnapshot().context.speechEnabled).toBe(true);
  });
});
