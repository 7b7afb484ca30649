/**
 * /hunting (requirements §voice-2.1; requirements §core-2 "Hunting": hunting and
 * fishing information for Arkansas, including WMAs): where the season stands, the
 * hunting and fishing pages, the WMA finder, and what this app does not know (other seasons,
 * licences, fees), with the authority to ask. Works offline.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Bird, Crosshair, Fish, MapPinned, ScrollText } from 'lucide-react';
import { AGFC_URL, duckSeasonHeadline, duckSeasonStatus } from '../lib/hunting/duck-season.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { WmaFinder } from './wma-finder.tsx';
import './hunting.css';

const PAGES = [
  {
    to: '/duck-hunting-guide',
    icon: Crosshair,
    title: 'Duck hunting guide',
    text: 'Legal shooting time for your spot and date, worked out on your phone.',
  },
  {
    to: '/duck-hunting',
    icon: Bird,
    title: 'Duck season',
    text: 'Season dates and bag limits at a glance.',
  },
  {
    to: '/scouting-guide',
    icon: MapPinned,
    title: 'Scouting guide',
    text: 'Mark stands, sign and parking with no signal; they sync later.',
  },
  {
    to: '/arkansas-wma-permits',
    icon: ScrollText,
    title: 'WMA permits',
    text: 'Each Wildlife Management Area, where it is, and where its rules are published.',
  },
  {
    to: '/fishing',
    icon: Fish,
    title: 'Fishing',
    text: 'Lakes and rivers with the USGS stream gauges near them.',
  },
] as const;

/** The hunting and fishing hub page. */
export function HuntingPage() {
  usePageMeta({
    title: 'Hunting & Fishing in Arkansas',
    description:
      'Arkansas Wildlife Management Areas, duck season, shooting time, scouting waypoints and fishing waters, offline.',
    keywords: ['hunting', 'fishing', 'WMA', 'Arkansas', 'AGFC', 'deer', 'duck'],
    path: '/hunting',
  });
  const [now] = useState(() => new Date());
  const headline = duckSeasonHeadline(now);
  const status = duckSeasonStatus(now);
  return (
    <div className="hunt-page">
      <header className="hunt-page__header">
        <p className="hunt-eyebrow">Hunting &amp; fishing</p>
        <h1>Hunting and fishing in Arkansas</h1>
        <p>
          Public hunting land, duck season, shooting time and fishing water for riders who hunt and
          fish. Everything on these pages stays on your phone for use without signal.
        </p>
        <p className="hunt-note">
          <span>
            Duck season: {headline.badge}
            {status.state === 'open' ? ` (open now: ${status.period.label})` : ''}.
          </span>
        </p>
      </header>

      <nav aria-label="Hunting and fishing pages">
        <ul className="hunt-tiles">
          {PAGES.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link to={to} className="hunt-tile">
                <Icon size={24} aria-hidden="true" />
                <span>
                  <strong>{title}</strong>
                  <span>{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="hunt-card" aria-labelledby="wma-finder-title">
        <h2 id="wma-finder-title">Wildlife Management Areas</h2>
        <p>
          Public land managed by the Arkansas Game and Fish Commission. Find one near you; the dots
          are rough interior points, not boundaries.
        </p>
        <WmaFinder />
      </section>

      <section className="hunt-card" aria-labelledby="not-known-title">
        <h2 id="not-known-title">What this app does not hold</h2>
        <p>
          Deer, turkey, bear and small-game season dates, licence types and fees, and each
          area&apos;s own rules are not in this app&apos;s data, so it does not show them. They
          change every year; the Arkansas Game and Fish Commission publishes them.
        </p>
        <a className="button" href={AGFC_URL} target="_blank" rel="noopener noreferrer">
          Open agfc.com
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </section>
    </div>
  );
}
