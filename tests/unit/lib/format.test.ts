import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatDateTime } from '../../../src/lib/format.ts';

describe('formatDateTime (core-platform §9)', () => {
  it('writes month/day/year with 24-hour time', () => {
    expect(formatDateTime(new Date(2026, 10, 20, 23, 34))).toBe('11/20/2026 23:34');
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3).getTime())).toBe('01/05/2026 07:03');
  });

  it('says Invalid date for input that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('Invalid date');
    expect(formatDateTime(Number.NaN)).toBe('Invalid date');
    expect(formatDateTime(null)).toBe('Invalid date');
  });
});

describe('abbreviateNumber (core-platform §9)', () => {
  it('uses K at thousands and M at millions with one decimal', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1_250)).toBe('1.3K');
    expect(abbreviateNumber(2_000)).toBe('2K');
    expect(abbreviateNumber(3_400_000)).toBe('3.4M');
    expect(abbreviateNumber(-1_500)).toBe('-1.5K');
  });
});
