// The trail formats moved to src/lib/trail-format.ts so the local pages share them; explore's
// modules and tests keep importing them from here.
export * from '../lib/trail-format.ts';
