/**
 * /achievements: the achievement catalogue with the rider's progress, computed on
 * this device from their own trips, lessons, waypoints, map regions and contacts
 * (src/db/achievements.ts), so it works offline and for guests. Earned ones first with the
 * date, then those in progress with a bar (value of target, with units), then those the app
 * cannot measure yet ("Not tracked yet in this app"). A category filter and totals on top.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link, ProgressBar, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { CheckCircle2, CircleDashed, Trophy } from 'lucide-react';
import { achievementCategories } from '../../schemas/achievements.ts';
import { observeAchievementStandings, type AchievementStanding } from '../db/achievements.ts';
import { useDatabase } from '../db/provider.tsx';
import { recordOwner } from '../db/records.ts';
import { useObservable } from '../db/use-observable.ts';
import { NOT_TRACKED_TEXT, progressText } from '../lib/achievements/progress.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { formatDateTime } from '../lib/format.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
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

/** The current rider's standings (signed in, or 'anonymous' on this device), live. */
function useStandings(): { standings: AchievementStanding[] | undefined; signedIn: boolean } {
  const db = useDatabase();
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const owner = recordOwner(signedIn ? session.user?.id : null);
  const source = useMemo(() => observeAchievementStandings(db, owner), [db, owner]);
  return { standings: useObservable(source).value, signedIn };
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

function UntrackedItem({ standing }: { standing: AchievementStanding }) {
  const { achievement } = standing;
  return (
    <li className="achievement achievement--untracked">
      <CircleDashed aria-hidden="true" className="achievement__icon" />
      <div>
        <h3 className="achievement__title">{achievement.title}</h3>
        <p className="achievement__description">{achievement.description}</p>
        <p className="achievement__meta">{NOT_TRACKED_TEXT}</p>
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
  return {
    earned,
    inProgress: standings.filter((standing) => !standing.earned && standing.value !== null),
    untracked: standings.filter((standing) => standing.value === null),
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

/** The /achievements page. */
export function AchievementsPage() {
  usePageMeta({
    title: 'Achievements',
    description: 'Badges and milestones you have earned on your rides, with your progress.',
    keywords: ['achievements', 'badges', 'milestones', 'progress'],
    path: '/achievements',
  });
  const { standings, signedIn } = useStandings();
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
          emergency contacts, with or without signal.{' '}
          {signedIn ? 'Your progress syncs to your account.' : <GuestNote />}
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
  <UntrackedItem key={standing.achievement.id} standing={standing} />
);
