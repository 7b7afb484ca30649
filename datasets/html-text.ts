/**
 * Plain text from the short HTML snippets of Recreation.gov RIDB descriptions. The snippets are
 * tiny, trusted-shape fragments (headings, paragraphs, links, line breaks), often cut off
 * mid-tag by the source, so a small converter is enough; no markup ever reaches the client.
 */

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
    }
    if (body.startsWith('#')) return String.fromCodePoint(Number.parseInt(body.slice(1), 10));
    return namedEntities[body.toLowerCase()] ?? entity;
  });
}

/**
 * Converts an HTML fragment to plain text: block ends become line breaks, every other tag is
 * removed (including one cut off at the end), entities are decoded, whitespace collapsed and
 * blank lines dropped. A leading "Overview" heading, which RIDB puts on most records, is dropped.
 */
export function htmlToPlainText(html: string): string {
  const text = decodeEntities(
    html
      .replace(/<[^>]*$/, '')
      .replace(/<\s*(br|\/p|\/h[1-6]|\/li|\/ul|\/ol|\/div|\/tr)\b[^>]*>/gi, '\n')
      .replace(/<\s*(p|h[1-6]|li|div)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ' '),
  );
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
  if (lines[0]?.toLowerCase() === 'overview') lines.shift();
  return lines.join('\n');
}
