/**
 * HTTP Range requests for map archives (RFC 9110 §14): the pmtiles reader fetches headers,
 * directories and tiles by byte range, and the client resumes an interrupted region download
 * with `Range: bytes=<received>-`. One range per request; a multi-range request gets the whole
 * file (RFC 9110 lets a server ignore Range), so no multipart bodies are ever produced.
 */

/** What to send for a Range header on a file of `size` bytes. `end` is inclusive. */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const singleRange = /^bytes=(\d*)-(\d*)$/;

/**
 * Interprets a Range header value: `bytes=a-b`, `bytes=a-` (to the end) or `bytes=-n` (the last
 * n bytes). A missing, malformed or multi-range header answers the whole file; a range that
 * starts past the end, or a suffix of 0 bytes, is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = singleRange.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
