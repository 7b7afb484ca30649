/**
 * The accessory-circuit calculator of /equipment-intelligence: what a rider reads for a light
 * bar or a whip (amps, fuse, battery size), and refusals of impossible input.
 */
import { describe, expect, it } from 'vitest';
import { fuseFor, sizeCircuit } from '../../../src/garage/electrical-sizing.ts';

describe('sizeCircuit', () => {
  it.each([
    // 120 W light bar: 10 A, a 12.5 A need → 15 A fuse; 10 A × 2 h / 50% = 40 Ah lead-acid.
    [{ watts: 120, hours: 2, chemistry: 'lead-acid' as const }, 10, 15, 40],
    // Same on lithium: 10 × 2 / 0.8 = 25 Ah.
    [{ watts: 120, hours: 2, chemistry: 'lithium' as const }, 10, 15, 25],
    // A 36 W pair of whips: 3 A → 3.75 A → 4 A fuse; 3 × 3 / 0.5 = 18 Ah.
    [{ watts: 36, hours: 3, chemistry: 'lead-acid' as const }, 3, 4, 18],
  ])('%j draws %d A, takes a %d A fuse and %d Ah', (input, amps, fuse, ampHours) => {
    const result = sizeCircuit(input);
    expect(result).toEqual({
      ok: true,
      amps,
      fuse: { kind: 'blade', amps: fuse },
      batteryAmpHours: ampHours,
    });
  });

  it('sends loads above 40 A of fuse to a high-current fuse rounded up to 5 A', () => {
    // 600 W: 50 A → 62.5 A → 65 A.
    expect(fuseFor(50)).toEqual({ kind: 'high-current', amps: 65 });
    expect(fuseFor(32)).toEqual({ kind: 'blade', amps: 40 });
  });

  it('refuses power or hours that are missing or out of range', () => {
    expect(sizeCircuit({ watts: Number.NaN, hours: 0, chemistry: 'lithium' })).toEqual({
      ok: false,
      errors: {
        watts: 'Enter the power in watts, from 1 to 2,000.',
        hours: 'Enter the hours, from 0.1 to 24.',
      },
    });
    expect(sizeCircuit({ watts: 2500, hours: 1, chemistry: 'lithium' }).ok).toBe(false);
  });
});
