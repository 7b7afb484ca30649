/**
 * /achievements: the achievement catalogue with the rider's progress, computed on
 * this device from their own trips, lessons, waypoints, map regions and contacts
 * (src/db/achievements.ts), so it works offline and for guests. Earned ones first with the
 * date, then those in progress with a bar (value of target, with units), then those this device
 * cannot count yet (group rides live on the server: the page fetches a signed-in rider's rides
 * into the device's copies while online, and says why they are not counted otherwise), then
 * those the app cannot measure yet ("Not tracked yet in this app"). A category filter and
 * totals on top. Its server call follows the query policy (`<OnlineQueries>`).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link, ProgressBar, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { CheckCircle2, CircleDashed, Trophy } from 'lucide-react';
import { achievementCategories } from '../../schemas/achievements.ts';
import { observeAchievementStandings, type AchievementStanding } from '../db/achievements.ts';
import { storeFetchedGroupRides } from '../db/group-rides.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { recordOwner } from '../db/records.ts';
import { useObservable } from '../db-react/use-observable.ts';
import {
  isCountedFromServerCopies,
  NOT_TRACKED_TEXT,
  progressText,
} from '../lib/achievements/progress.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { formatDateTime } from '../lib/format.ts';
import { groupRideProblemText } from '../lib/group-rides/group-ride-api.ts';
import { useMyGroupRidesRefresh } from '../lib/group-rides/group-ride-queries.ts';
import { OnlineQueries } from '../lib/http/online-queries.tsx';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import './achievements-page.css';

type Category = (typeof achievementCategories)[number];
const ALL = 'all';

const categoryLabels: Record<Category, string> = {
  riding: 'Riding',
  exploration: 'Exploration',
  safety: 'Safety',
  learning: 'Learning',
  community: 'Community',
};

/**
 * The current rider's standings (signed in, or 'anonymous' on this device), live. The rider is
 * the session's user, which is the stored one while the start-up checks run: waiting for them
 * would show the guest's standings first, then a spinner, then the rider's.
 */
function useStandings(): { standings: AchievementStanding[] | undefined; signedIn: boolean } {
  const db = useDatabase();
  const session = useSession();
  const signedIn = session.user !== null;
  const owner = recordOwner(session.user?.id);
  const source = useMemo(() => observeAchievementStandings(db, owner), [db, owner]);
  return { standings: useObservable(source).value, signedIn };
}

/**
 * Fetches a signed-in rider's group rides into the device's copies while online (the
 * achievements count them from there), and returns why group-ride achievements are not counted
 * while the copies are missing: no account, no signal, still fetching, or the fetch failed.
 */
function useGroupRideCountNote(): string {
  const db = useDatabase();
  const session = useSession();
  const online = useOnlineStatus();
  // The stored rider while the start-up checks run, as in useStandings.
  const user = session.user;
  const username = user?.username ?? null;
  const rider = username === null ? null : { username, id: user?.id ?? null };
  const query = useMyGroupRidesRefresh(username, online, (rides) =>
    rider ? storeFetchedGroupRides(db, rider, rides) : Promise.resolve(),
  );
  if (!rider) return 'Group rides need an account: sign in to count yours.';
  if (!online) {
    return 'Your group rides are not on this device yet: open this page with signal to count them.';
  }
  if (query.error) {
    return `Your group rides could not be fetched, so they are not counted yet: ${groupRideProblemText(query.error)}`;
  }
  return 'Counting your group rides…';
}

function EarnedItem({ standing }: { standing: AchievementStanding }) {
  const { achievement } = standing;
  return (
    <li className="achievement achievement--earned">
      <CheckCircle2 aria-hidden="true" className="achievement__icon" />
      <div>
        <h3 className="achievement__title">{achievement.title}</h3>
        <p className="achievement__description">{achievement.description}</p>
        <p className="achievement__meta">
          {standing.earnedAt === null
            ? 'Earned just now'
            : `Earned ${formatDateTime(standing.earnedAt)}`}{' '}
          · {achievement.points} points
        </p>
      </div>
    </li>
  );
}

function ProgressItem({ standing }: { standing: AchievementStanding }) {
  const { achievement } = standing;
  const text = progressText(standing);
  return (
    <li className="achievement">
      <CircleDashed aria-hidden="true" className="achievement__icon" />
      <div className="achievement__body">
        <h3 className="achievement__title">{achievement.title}</h3>
        <p className="achievement__description">{achievement.description}</p>
        <ProgressBar
          className="achievement-progress"
          value={Math.min(standing.value ?? 0, standing.target)}
          maxValue={standing.target}
          valueLabel={text}
          aria-label={`${achievement.title} progress`}
        >
          {({ percentage }) => (
            <>
              <div className="achievement-progress__track">
                <div
                  className="achievement-progress__fill"
                  style={{ width: `${percentage ?? 0}%` }}
                />
              </div>
              <span className="achievement-progress__text">{text}</span>
            </>
          )}
        </ProgressBar>
        <p className="achievement__meta">{achievement.points} points</p>
      </div>
    </li>
  );
}

/** An achievement with no value: `note` says why (not tracked, or not counted yet). */
function UntrackedItem({ standing, note }: { standing: AchievementStanding; note: string }) {
  const { achievement } = standing;
  return (
    <li className="achievement achievement--untracked">
      <CircleDashed aria-hidden="true" className="achievement__icon" />
      <div>
        <h3 className="achievement__title">{achievement.title}</h3>
        <p className="achievement__description">{achievement.description}</p>
        <p className="achievement__meta">{note}</p>
      </div>
    </li>
  );
}

function Group({
  id,
  title,
  items,
  render,
}: {
  id: string;
  title: string;
  items: AchievementStanding[];
  render: (standing: AchievementStanding) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section className="achievement-group" aria-labelledby={id}>
      <h2 id={id}>
        {title} ({items.length})
      </h2>
      <ul className="achievement-list">{items.map(render)}</ul>
    </section>
  );
}

function CategoryFilter({
  selected,
  onSelect,
}: {
  selected: Category | null;
  onSelect: (category: Category | null) => void;
}) {
  return (
    <div className="achievement-filter">
      <span id="achievement-filter-label" className="achievement-filter__label">
        Category
      </span>
      <ToggleButtonGroup
        className="achievement-filter__chips"
        aria-labelledby="achievement-filter-label"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[selected ?? ALL]}
        onSelectionChange={(keys) => {
          const key = [...keys][0];
          onSelect(achievementCategories.find((category) => category === key) ?? null);
        }}
      >
        <ToggleButton id={ALL} className="chip">
          All
        </ToggleButton>
        {achievementCategories.map((category) => (
          <ToggleButton key={category} id={category} className="chip">
            {categoryLabels[category]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}

function sortedGroups(standings: AchievementStanding[]) {
  const earned = standings
    .filter((standing) => standing.earned)
    .sort((a, b) => (a.earnedAt ?? Infinity) - (b.earnedAt ?? Infinity));
  const unknown = standings.filter((standing) => !standing.earned && standing.value === null);
  return {
    earned,
    inProgress: standings.filter((standing) => !standing.earned && standing.value !== null),
    notCounted: unknown.filter((standing) =>
      isCountedFromServerCopies(standing.achievement.metric),
    ),
    untracked: unknown.filter(
      (standing) => !isCountedFromServerCopies(standing.achievement.metric),
    ),
  };
}

function Totals({ standings }: { standings: AchievementStanding[] }) {
  const earned = standings.filter((standing) => standing.earned);
  const points = earned.reduce((sum, standing) => sum + standing.achievement.points, 0);
  return (
    <p className="achievement-totals" aria-live="polite">
      <Trophy aria-hidden="true" size={20} /> {earned.length} of {standings.length} earned ·{' '}
      {points} points
    </p>
  );
}

/** The /achievements page, with the query client its group-ride fetch goes through. */
export function AchievementsPage() {
  return (
    <OnlineQueries>
      <Achievements />
    </OnlineQueries>
  );
}

/** The catalogue with the rider's progress. */
function Achievements() {
  usePageMeta({
    title: 'Achievements',
    description: 'Badges and milestones you have earned on your rides, with your progress.',
    keywords: ['achievements', 'badges', 'milestones', 'progress'],
    path: '/achievements',
  });
  const { standings, signedIn } = useStandings();
  const groupRideNote = useGroupRideCountNote();
  const [category, setCategory] = useState<Category | null>(null);
  const shown = (standings ?? []).filter(
    (standing) => category === null || standing.achievement.category === category,
  );
  const groups = sortedGroups(shown);
  return (
    <article className="achievements-page" aria-labelledby="achievements-title">
      <header className="page-header">
        <h1 id="achievements-title">Achievements</h1>
        <p className="page-header__lead">
          Counted on this device from your own trips, lessons, waypoints, map downloads and
          emergency contacts, with or without signal, and from your group rides once this device has
          fetched them. {signedIn ? 'Your progress syncs to your account.' : <GuestNote />}
        </p>
      </header>
      {standings === undefined ? (
        <Spinner label="Counting your progress…" />
      ) : standings.length === 0 ? (
        <p>
          The achievement list has not reached this device yet. Open the app once with signal to
          download it.
        </p>
      ) : (
        <>
          <Totals standings={standings} />
          <CategoryFilter selected={category} onSelect={setCategory} />
          <Group id="earned" title="Earned" items={groups.earned} render={earnedItem} />
          <Group id="progress" title="In progress" items={groups.inProgress} render={item} />
          <Group
            id="not-counted"
            title="Not counted on this device yet"
            items={groups.notCounted}
            render={(standing) => (
              <UntrackedItem
                key={standing.achievement.id}
                standing={standing}
                note={groupRideNote}
              />
            )}
          />
          <Group id="untracked" title="Not tracked yet" items={groups.untracked} render={later} />
        </>
      )}
    </article>
  );
}

function GuestNote() {
  return (
    <>
      You are not signed in: progress stays on this device and moves to your account when you{' '}
      <Link href="/profile">sign in</Link>.
    </>
  );
}

const earnedItem = (standing: AchievementStanding) => (
  <EarnedItem key={standing.achievement.id} standing={standing} />
);
const item = (standing: AchievementStanding) => (
  <ProgressItem key={standing.achievement.id} standing={standing} />
);
const later = (standing: AchievementStanding) => (
  <UntrackedItem key={standing.achievement.id} standing={standing} note={NOT_TRACKED_TEXT} />
);
