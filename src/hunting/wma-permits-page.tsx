/**
 * /arkansas-wma-permits (requirements §voice-2.1 local pages; requirements §core-2
 * "Local"): every shipped Wildlife Management Area with its county, approximate point
 * and source, and an honest statement that permit rules, fees and draw dates are not held here,
 * with a pre-trip checklist of what to look up. Works offline.
 */
import { useState } from 'react';
import { Checkbox } from 'react-aria-components';
import { AGFC_URL } from '../lib/hunting/duck-season.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { WmaFinder } from './wma-finder.tsx';
import './hunting.css';

const LOOK_UP = [
  'Whether the area needs a WMA permit or a special-use permit for what you plan to do.',
  'Whether a hunt on that area is by draw, and when the application period closes.',
  'Whether ATVs and UTVs are allowed, on which roads or trails, and in which months.',
  'Camping rules, waterfowl hours on the area and any closed zones (refuges, rest areas).',
  'Your hunting licence and any stamps the hunt needs.',
];

/** The WMA permits page. */
export function WmaPermitsPage() {
  usePageMeta({
    title: 'Arkansas WMA Permits',
    description:
      'Arkansas Wildlife Management Areas: where each is, which allow waterfowl hunting, and what to check with AGFC before you go.',
    keywords: ['WMA', 'permit', 'Arkansas', 'wildlife management area', 'AGFC'],
    path: '/arkansas-wma-permits',
  });
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  return (
    <div className="hunt-page">
      <header className="hunt-page__header">
        <p className="hunt-eyebrow">Local</p>
        <h1>Arkansas WMA permits</h1>
        <p>
          Permit requirements, fees, draw dates and vehicle rules differ by area and change each
          season. This app does not hold them, so it does not guess: the Arkansas Game and Fish
          Commission publishes them for every Wildlife Management Area.
        </p>
        <a className="button" href={AGFC_URL} target="_blank" rel="noopener noreferrer">
          Check rules at agfc.com
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </header>

      <section className="hunt-card" aria-labelledby="lookup-title">
        <h2 id="lookup-title">Look these up before you go</h2>
        <p className="hunt-fine">
          Tick them off as you check (kept until you leave this page). {checked.size} of{' '}
          {LOOK_UP.length} checked.
        </p>
        <ul className="hunt-checklist">
          {LOOK_UP.map((item, index) => (
            <li key={item}>
              <Checkbox
                className="hunt-check"
                isSelected={checked.has(index)}
                onChange={(selected) =>
                  setChecked((previous) => {
                    const next = new Set(previous);
                    if (selected) next.add(index);
                    else next.delete(index);
                    return next;
                  })
                }
              >
                <span className="hunt-check__box" aria-hidden="true" />
                {item}
              </Checkbox>
            </li>
          ))}
        </ul>
      </section>

      <section className="hunt-card" aria-labelledby="permit-wmas-title">
        <h2 id="permit-wmas-title">The areas</h2>
        <WmaFinder />
      </section>
    </div>
  );
}
