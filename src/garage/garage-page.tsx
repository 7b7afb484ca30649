/**
 * /garage (requirements §voice-2.1, requirements §core-2 Garage): the hub of the garage area — the
 * rider's vehicles with their maintenance log and reminders, the diagnostic wizard, equipment
 * intelligence (lighting and electrical), the equipment guide, repair shops and riding techniques —
 * with the maintenance figures riders look up most (requirements §voice-9: CVT belt every 500
 * miles, cool the engine 15–20 minutes, tire pressures by terrain).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import {
  BatteryCharging,
  BookOpen,
  Cpu,
  Lightbulb,
  ListChecks,
  Stethoscope,
  Warehouse,
  Wrench,
} from 'lucide-react';
import { CVT_BELT_CHANGE_MILES, ENGINE_COOL_DOWN_MINUTES } from '../lib/diagnostics/tree.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { MyVehicles } from './my-vehicles.tsx';
import { TERRAIN_TIRE_PSI } from '../lib/garage/terrain-tire-pressure.ts';
import './garage.css';

function Tile({
  href,
  icon,
  title,
  children,
}: {
  href: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Link className="garage-tile" href={href}>
        <span className="garage-tile__icon" aria-hidden="true">
          {icon}
        </span>
        <span>
          <span className="garage-tile__title">{title}</span>
          <span className="garage-tile__text">{children}</span>
        </span>
      </Link>
    </li>
  );
}

/** The tiles linking to the garage's tools and guides. */
function GarageTiles() {
  return (
    <ul className="garage-grid" aria-label="Garage pages">
      <Tile href="/diagnostic" icon={<Stethoscope size={28} />} title="Diagnostic Wizard">
        Won’t start, overheating, belt slipping or grinding: answer a few questions and get
        step-by-step field repairs.
      </Tile>
      <Tile
        href="/equipment-intelligence?category=lighting"
        icon={<Lightbulb size={28} />}
        title="Lighting Whips"
      >
        How LED whips work, how tall and how much power, and how to wire them safely.
      </Tile>
      <Tile
        href="/equipment-intelligence?category=electrical"
        icon={<BatteryCharging size={28} />}
        title="Dual Battery, Isolator and Monitor"
      >
        Run a winch and lights without a flat starting battery, with a calculator for fuses and
        battery size.
      </Tile>
      <Tile href="/equipment-intelligence" icon={<Cpu size={28} />} title="Equipment Intelligence">
        Lighting, electrical and recovery gear, explained.
      </Tile>
      <Tile href="/equipment-guide" icon={<ListChecks size={28} />} title="Equipment Guide">
        A packing checklist for a day ride or a weekend.
      </Tile>
      <Tile href="/riding-techniques" icon={<BookOpen size={28} />} title="Riding Techniques">
        Climbs, descents, mud, rocks, water crossings and night riding.
      </Tile>
      <Tile href="/arkansas-repair-shops" icon={<Wrench size={28} />} title="Repair Shops">
        Where to find a shop for your brand and what to tell it.
      </Tile>
    </ul>
  );
}

/** The requirements §voice-9 maintenance and cool-down figures a rider should know by heart. */
function NumbersToRemember() {
  return (
    <section className="garage-card" aria-labelledby="garage-numbers">
      <h2 id="garage-numbers">Numbers to remember</h2>
      <ul>
        <li>
          Change the CVT belt every{' '}
          <span className="garage-figure">{CVT_BELT_CHANGE_MILES} miles</span> of hard riding, or
          sooner if your owner’s manual says so, and carry a spare.
        </li>
        <li>
          When the engine overheats, shut it off and let it cool for{' '}
          <span className="garage-figure">
            {ENGINE_COOL_DOWN_MINUTES.min}–{ENGINE_COOL_DOWN_MINUTES.max} minutes
          </span>{' '}
          before you open anything.
        </li>
        <li>
          Starting tire pressures:{' '}
          {TERRAIN_TIRE_PSI.map((row, index) => (
            <span key={row.terrain}>
              {index > 0 ? ', ' : ''}
              {row.terrain.toLowerCase()} <span className="garage-figure">{row.psi} PSI</span>
            </span>
          ))}
          . Never below the tire’s printed minimum.
        </li>
      </ul>
    </section>
  );
}

/** The garage hub page. */
export function GaragePage() {
  usePageMeta({
    title: 'Garage',
    description:
      'Your vehicles with maintenance reminders from the miles you ride, trail-side diagnostics, equipment advice, packing lists, repair shops and riding techniques for ATV and UTV riders, all available offline.',
    keywords: ['garage', 'ATV maintenance', 'UTV repair', 'equipment', 'diagnostic'],
    path: '/garage',
  });
  return (
    <article className="garage-page">
      <header>
        <h1>
          <Warehouse aria-hidden="true" size={30} /> Garage
        </h1>
        <p className="garage-page__lead">
          Keep the machine running and fix it when it stops. Everything here works with no signal
          once the app has been opened.
        </p>
      </header>
      <MyVehicles />
      <GarageTiles />
      <NumbersToRemember />
    </article>
  );
}
