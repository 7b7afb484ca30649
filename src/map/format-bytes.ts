/** Byte sizes for people ("212 KB", "1.4 MB"), decimal units as phones' storage settings show. */

/** Formats a byte count with decimal units (1 kB = 1000 bytes), one decimal above 10 MB none. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  if (bytes < 1_000_000_000) {
    const mb = bytes / 1_000_000;
    return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
  }
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
}
