/**
 * Gives the main thread back to the browser for a moment, so input and rendering waiting
 * behind a long piece of work run before it goes on (the first visit's catalogue store,
 * docs/architecture.md#sync). `scheduler.yield()` where the browser has it (its continuation
 * runs ahead of other queued tasks), else a MessageChannel message, which unlike
 * `setTimeout(0)` is never clamped to 4 ms; `setTimeout(0)` where neither exists.
 */
interface SchedulerWithYield {
  yield(): Promise<void>;
}

/** Resolves in a later task than the caller's. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel !== 'undefined') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
