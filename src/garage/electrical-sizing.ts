/**
 * Sizing a 12-volt accessory circuit on an ATV or UTV (/equipment-intelligence, electrical):
 * the current an accessory draws, the blade fuse that protects its wire, and the battery
 * capacity that runs it for a given time. Our own rules of thumb, stated in the page:
 * - current (A) = power (W) / 12 V nominal;
 * - fuse: the smallest standard ATO/ATC blade fuse at least 125% of the continuous current, so
 *   the fuse doesn't blow at normal draw but still protects the wire;
 * - capacity (Ah) = current × hours / usable share: 50% for lead-acid and AGM (deeper
 *   discharge shortens their life), 80% for lithium iron phosphate (LiFePO4).
 */

/** Nominal system voltage of a powersports electrical system, volts. */
export const NOMINAL_VOLTS = 12;

/** Headroom of a fuse over the continuous current it carries. */
export const FUSE_HEADROOM = 1.25;

/** Standard ATO/ATC blade fuse ratings, amps. */
export const BLADE_FUSE_AMPS = [1, 2, 3, 4, 5, 7.5, 10, 15, 20, 25, 30, 35, 40] as const;

/** Battery chemistries the calculator knows, with the share of rated capacity to use. */
export const USABLE_CAPACITY = { 'lead-acid': 0.5, lithium: 0.8 } as const;

/** A battery chemistry: lead-acid (flooded or AGM) or lithium iron phosphate. */
export type BatteryChemistry = keyof typeof USABLE_CAPACITY;

/** Input limits: a single accessory circuit of 1–2,000 W run for 0.1–24 hours. */
export const SIZING_LIMITS = { watts: { min: 1, max: 2000 }, hours: { min: 0.1, max: 24 } };

/** The fuse for a circuit: a blade fuse, or (above 40 A) a high-current fuse of at least `amps`. */
export type FuseChoice = { kind: 'blade'; amps: number } | { kind: 'high-current'; amps: number };

/** A sized circuit, or the fields that were out of range with why. */
export type CircuitSizing =
  | { ok: true; amps: number; fuse: FuseChoice; batteryAmpHours: number }
  | { ok: false; errors: Partial<Record<'watts' | 'hours', string>> };

/** Current drawn by a load of `watts` on the 12-volt system, amps. */
export function currentAmps(watts: number): number {
  return watts / NOMINAL_VOLTS;
}

/** The fuse that protects a circuit carrying `amps` continuously (125% headroom). */
export function fuseFor(amps: number): FuseChoice {
  const needed = amps * FUSE_HEADROOM;
  const blade = BLADE_FUSE_AMPS.find((rating) => rating >= needed);
  return blade === undefined
    ? { kind: 'high-current', amps: Math.ceil(needed / 5) * 5 }
    : { kind: 'blade', amps: blade };
}

/** Rated battery capacity (amp-hours, rounded up) to run `amps` for `hours` on `chemistry`. */
export function batteryAmpHours(amps: number, hours: number, chemistry: BatteryChemistry): number {
  return Math.ceil((amps * hours) / USABLE_CAPACITY[chemistry]);
}

/**
 * Sizes one accessory circuit from `watts` (the accessory's rated power) and `hours` of use
 * with the engine off. Non-numbers and values outside SIZING_LIMITS come back as errors.
 */
export function sizeCircuit(input: {
  watts: number;
  hours: number;
  chemistry: BatteryChemistry;
}): CircuitSizing {
  const errors: Partial<Record<'watts' | 'hours', string>> = {};
  const { watts, hours } = SIZING_LIMITS;
  if (!Number.isFinite(input.watts) || input.watts < watts.min || input.watts > watts.max) {
    errors.watts = `Enter the power in watts, from ${watts.min} to ${watts.max.toLocaleString('en-US')}.`;
  }
  if (!Number.isFinite(input.hours) || input.hours < hours.min || input.hours > hours.max) {
    errors.hours = `Enter the hours, from ${hours.min} to ${hours.max}.`;
  }
  if (errors.watts || errors.hours) return { ok: false, errors };
  const amps = currentAmps(input.watts);
  return {
    ok: true,
    amps,
    fuse: fuseFor(amps),
    batteryAmpHours: batteryAmpHours(amps, input.hours, input.chemistry),
  };
}
