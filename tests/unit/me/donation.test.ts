/** The donation address (src/lib/donation.ts): only an absolute https address becomes a link. */
import { describe, expect, it } from 'vitest';
import { parseDonationUrl } from '../../../src/lib/donation.ts';

describe('donation address', () => {
  it('uses a configured https address', () => {
    expect(parseDonationUrl(' https://example.org/give ')?.href).toBe('https://example.org/give');
  });

  it('treats a missing, relative, plain-http or script address as not set up', () => {
    for (const raw of [
      undefined,
      '',
      '   ',
      'give/now',
      'javascript:alert(1)',
      'http://example.org/give',
      42,
    ]) {
      expect(parseDonationUrl(raw), String(raw)).toBeNull();
    }
  });
});
