/**
 * A list of a record's `sources` (schemas/common.ts): web pages as links that open in a new tab
 * (they need a network), dataset records and notes as text, "product spec" as "Not
 * independently verified" (src/lib/trail-format.ts describeSource).
 */
import { FileText, Globe } from 'lucide-react';
import { describeSource } from '../lib/trail-format.ts';

/** The sources of one record, or "No sources recorded." when there are none. */
export function SourceList({ sources }: { sources: readonly string[] }) {
  if (sources.length === 0) return <p className="local-muted">No sources recorded.</p>;
  return (
    <ul className="local-sources">
      {sources.map((source) => {
        const entry = describeSource(source);
        return (
          <li key={source}>
            {entry.kind === 'link' ? (
              <a href={entry.href} target="_blank" rel="noopener noreferrer">
                <Globe size={16} aria-hidden="true" />
                {entry.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <span>
                <FileText size={16} aria-hidden="true" />
                {entry.text}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
