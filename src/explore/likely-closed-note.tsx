/**
 * The trail finder's note for "Open now": which matching trails it left out because a reported,
 * unconfirmed season window likely closes them today (src/lib/trail-season.ts), grouped by
 * trail system with the source's own words, each a link to the trail's page. A rider who knows
 * better can still open them; the app never hides a trail silently.
 */
import { Link } from '@tanstack/react-router';
import { CalendarX } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { likelyClosedLabel } from '../lib/trail-season.ts';
import { pluralise } from './featured-locations.ts';

interface LikelyClosedGroup {
  /** The system (or a trail of no system) the group is named after; null when not in the list. */
  head: Pick<Trail, 'id' | 'name'> | null;
  /** The system's own trails in the list, named only when the system itself is not. */
  members: Pick<Trail, 'id' | 'name'>[];
  reportedAs: string;
}

/** Groups `trails` by their system (`systemId`, else the trail itself), in list order. */
function groupBySystem(trails: readonly Trail[]): LikelyClosedGroup[] {
  const groups = new Map<string, LikelyClosedGroup>();
  for (const trail of trails) {
    const key = trail.systemId ?? trail.id;
    const group = groups.get(key) ?? {
      head: null,
      members: [],
      reportedAs: trail.season?.reportedAs ?? '',
    };
    if (trail.id === key) group.head = trail;
    else group.members.push(trail);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** See the file comment; renders nothing when no trail was left out. */
export function LikelyClosedNote({ trails }: { trails: readonly Trail[] }) {
  if (trails.length === 0) return null;
  return (
    <div className="results__note likely-closed-note" role="note">
      <CalendarX size={16} aria-hidden="true" />
      <div>
        <p>Also left out, as likely closed now:</p>
        <ul>
          {groupBySystem(trails).map((group) => (
            <li key={group.head?.id ?? group.members[0]!.id}>
              {group.head ? (
                <>
                  <Link to="/map/$trailId" params={{ trailId: group.head.id }}>
                    {group.head.name}
                  </Link>
                  {group.members.length > 0
                    ? ` and ${pluralise(group.members.length, 'of its trails', 'of its trails')}`
                    : ''}
                </>
              ) : (
                group.members.map((member, index) => (
                  <span key={member.id}>
                    {index > 0 ? ', ' : ''}
                    <Link to="/map/$trailId" params={{ trailId: member.id }}>
                      {member.name}
                    </Link>
                  </span>
                ))
              )}
              : {likelyClosedLabel(group.reportedAs)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
