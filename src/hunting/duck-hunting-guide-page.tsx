/**
 * /duck-hunting-guide (requirements §voice-2.1, §voice-9): the 2025-26 season
 * facts in the right tense, legal shooting time for the rider's position and a date, and the
 * waterfowl WMAs on the locator map. Everything works offline.
 */
import { Link } from '@tanstack/react-router';
import { usePageMeta } from '../ui/page-meta.ts';
import { SeasonFacts } from './season-facts.tsx';
import { ShootingTimeCard } from './shooting-time-card.tsx';
import { WmaFinder } from './wma-finder.tsx';
import './hunting.css';

const BEFORE_DAWN = [
  'Legal shooting time starts before sunrise, so you ride and wade in the dark: carry a headlamp and a spare light.',
  'Delta water in duck season is cold. Wear a wading belt, keep dry clothes in the truck, and never hunt flooded timber alone.',
  'Tell someone where you hunt and when you will be back. The Safety centre keeps your emergency contacts and medical notes on this phone.',
  'Phone signal is thin in the bottoms. This page, the WMA list and your scouting marks all work without it.',
];

/** The duck hunting guide page. */
export function DuckHuntingGuidePage() {
  usePageMeta({
    title: 'Duck Hunting Guide',
    description:
      'Legal shooting time for your spot and date, Arkansas duck season facts with their source, and the waterfowl WMAs, offline.',
    keywords: ['duck hunting', 'shooting hours', 'sunrise', 'waterfowl', 'WMA', 'Arkansas'],
    path: '/duck-hunting-guide',
  });
  return (
    <div className="hunt-page">
      <header className="hunt-page__header">
        <p className="hunt-eyebrow">Hunting</p>
        <h1>Duck hunting guide</h1>
        <p>
          Shooting time for your spot, last season&apos;s dates and limits, and the areas open to
          waterfowl hunting, all on this phone. For the season at a glance see{' '}
          <Link to="/duck-hunting">Duck hunting</Link>.
        </p>
      </header>
      <ShootingTimeCard />
      <SeasonFacts />
      <section className="hunt-card" aria-labelledby="dawn-title">
        <h2 id="dawn-title">Before dawn</h2>
        <ul className="hunt-steps">
          {BEFORE_DAWN.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          <Link to="/safety">Safety centre</Link> ·{' '}
          <Link to="/scouting-guide">Mark your spots</Link>
        </p>
      </section>
      <section className="hunt-card" aria-labelledby="waterfowl-wma-title">
        <h2 id="waterfowl-wma-title">Waterfowl Wildlife Management Areas</h2>
        <WmaFinder waterfowlOnly />
      </section>
    </div>
  );
}
