/**
 * /riding-techniques (requirements §voice-2.1, learn and garage pages): lessons for ATV, UTV and
 * 4x4 riders on Arkansas terrain — climbs, descents, mud, rocks, sand, water crossings and night
 * riding — with the §voice-9 figures (tire pressure 8 PSI in mud, 10–12 on rocks, 6–8 in sand; CVT
 * belt every 500 miles; cool the engine 15–20 minutes; 30 minutes after the last thunder and 50
 * feet from the vehicle in lightning). Our own advice; no place-specific facts are claimed.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { BookOpen } from 'lucide-react';
import { CVT_BELT_CHANGE_MILES, ENGINE_COOL_DOWN_MINUTES } from '../lib/diagnostics/tree.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { TERRAIN_TIRE_PSI } from '../lib/garage/terrain-tire-pressure.ts';
import './garage.css';

const lessons = [
  { id: 'climbs', title: 'Climbing hills' },
  { id: 'descents', title: 'Going downhill' },
  { id: 'mud', title: 'Mud' },
  { id: 'rocks', title: 'Rocks and ledges' },
  { id: 'sand', title: 'Sand and gravel bars' },
  { id: 'water', title: 'Water crossings' },
  { id: 'night', title: 'Riding at night' },
  { id: 'weather', title: 'Storms and lightning' },
] as const;

/** One lesson card, titled from `lessons` so the index and the headings agree. */
function Lesson({ id, children }: { id: (typeof lessons)[number]['id']; children: ReactNode }) {
  const title = lessons.find((lesson) => lesson.id === id)?.title;
  return (
    <section id={id} className="garage-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** Jump links to each lesson on the page. */
function LessonIndex() {
  return (
    <nav className="garage-card" aria-label="Lessons">
      <ul className="garage-filter">
        {lessons.map((lesson) => (
          <li key={lesson.id}>
            <a className="button" href={`#${lesson.id}`}>
              {lesson.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The §voice-9 starting tire pressures per terrain. */
function TirePressureTable() {
  return (
    <section className="garage-card" aria-labelledby="tire-pressure">
      <h2 id="tire-pressure">Tire pressure by terrain</h2>
      <p>
        Airing down lets the tire spread out and grip. Start from these pressures, never go below
        the minimum printed on the tire or in your owner’s manual, and air back up before pavement
        or fast gravel roads.
      </p>
      <table className="garage-result">
        <thead>
          <tr>
            <th scope="col">Terrain</th>
            <th scope="col">Starting pressure</th>
          </tr>
        </thead>
        <tbody>
          {TERRAIN_TIRE_PSI.map((row) => (
            <tr key={row.terrain}>
              <th scope="row">{row.terrain}</th>
              <td className="garage-figure">{row.psi} PSI</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Climbs, descents, mud and rocks: keeping grip and control. */
function TractionLessons() {
  return (
    <>
      <Lesson id="climbs">
        <ul>
          <li>Walk a hill you can’t see over before you ride it, and know where you’ll turn.</li>
          <li>Use low range and pick a gear you can hold all the way up; don’t shift mid-climb.</li>
          <li>
            <strong>ATV:</strong> stand, move forward and lean your upper body over the front rack
            to keep the front wheels down. <strong>UTV:</strong> sit back, belts on, and keep a
            steady throttle.
          </li>
          <li>Climb straight up the fall line, never across the slope.</li>
          <li>
            If you lose momentum, stop, set the brake and back straight down in reverse with gentle
            braking. Never turn around on a steep hill.
          </li>
        </ul>
      </Lesson>
      <Lesson id="descents">
        <ul>
          <li>Go straight down in low range and let engine braking hold your speed.</li>
          <li>
            <strong>ATV:</strong> shift your weight back and keep your knees bent.{' '}
            <strong>UTV:</strong> keep your hands on the wheel and your feet off the throttle.
          </li>
          <li>Brake gently and evenly; a locked wheel on loose rock slides.</li>
          <li>Keep your speed down before the bottom so you can stop if the trail turns.</li>
        </ul>
      </Lesson>
      <Lesson id="mud">
        <ul>
          <li>
            Air down to about <span className="garage-figure">8 PSI</span> and engage four-wheel
            drive and low range before the mud, not in it.
          </li>
          <li>Keep steady momentum and a straight line; spinning wheels dig you in.</li>
          <li>If you stop moving, stop spinning: rock gently or get the strap out.</li>
          <li>
            Mud packs the radiator: clean it after each mud section. If the temperature light comes
            on, stop and let the engine cool for{' '}
            <span className="garage-figure">
              {ENGINE_COOL_DOWN_MINUTES.min}–{ENGINE_COOL_DOWN_MINUTES.max} minutes
            </span>
            .
          </li>
          <li>
            Deep mud in high range glazes a CVT belt: use low range, and change the belt every{' '}
            <span className="garage-figure">{CVT_BELT_CHANGE_MILES} miles</span> of hard riding.
          </li>
        </ul>
      </Lesson>
      <Lesson id="rocks">
        <ul>
          <li>
            Air down to <span className="garage-figure">10–12 PSI</span> for grip, and slow to a
            crawl in low range.
          </li>
          <li>Put your tires on the tops of rocks, not your skid plate or A-arms.</li>
          <li>Take ledges square on, one wheel at a time; a spotter outside helps.</li>
          <li>
            <strong>ATV:</strong> stand with knees bent to let the machine move under you.{' '}
            <strong>UTV:</strong> keep thumbs outside the wheel: a rock can spin it hard.
          </li>
        </ul>
      </Lesson>
    </>
  );
}

/** Sand, gravel bars and water crossings. */
function CrossingLessons() {
  return (
    <>
      <Lesson id="sand">
        <ul>
          <li>
            Air down to <span className="garage-figure">6–8 PSI</span> and keep a steady throttle.
          </li>
          <li>Turn in wide arcs: sharp turns dig the front wheels in.</li>
          <li>Respect closed gravel bars and stream banks; riding them can be illegal.</li>
        </ul>
      </Lesson>
      <Lesson id="water">
        <ul>
          <li>
            Check the depth first: walk it or probe it with a stick. Don’t cross water deeper than
            your machine’s air intake or the floorboards, or moving water above your shins.
          </li>
          <li>
            Check the stream’s level before you leave on the{' '}
            <Link href="/waterway-conditions">Waterway Conditions</Link> page; Arkansas creeks rise
            fast after rain.
          </li>
          <li>
            Let a hot engine cool for a few minutes first: cold water on a hot engine can crack
            parts.
          </li>
          <li>Cross slowly in low range at a steady pace that pushes a small bow wave.</li>
          <li>
            After crossing, drain the CVT housing if your model has a drain plug and ride slowly to
            dry the belt; test your brakes.
          </li>
          <li>
            If the engine stalls in water, don’t restart it: see the{' '}
            <Link href="/diagnostic">Diagnostic Wizard</Link> for water in the engine.
          </li>
        </ul>
      </Lesson>
    </>
  );
}

/** Riding in the dark and in storms (§voice-9 lightning figures). */
function ConditionLessons() {
  return (
    <>
      <Lesson id="night">
        <ul>
          <li>Ride only trails you know from daylight, slower than by day.</li>
          <li>Carry a headlamp for repairs and for walking out.</li>
          <li>
            Aim auxiliary lights low and wide; a whip helps others see you over hills (see{' '}
            <Link href="/equipment-intelligence?category=lighting">Lighting Whips</Link>).
          </li>
          <li>Keep more distance to the rider in front; dust hides them at night.</li>
        </ul>
      </Lesson>
      <Lesson id="weather">
        <ul>
          <li>
            In lightning, get off the machine and move at least{' '}
            <span className="garage-figure">50 feet</span> away from it, away from ridge tops and
            lone trees.
          </li>
          <li>
            Wait <span className="garage-figure">30 minutes</span> after the last thunder before you
            ride on.
          </li>
          <li>Heavy rain turns clay trails slick and creeks deep within hours: plan a way out.</li>
        </ul>
      </Lesson>
    </>
  );
}

/** The riding techniques page. */
export function RidingTechniquesPage() {
  usePageMeta({
    title: 'Riding Techniques',
    description:
      'How to ride climbs, descents, mud, rocks, sand, water crossings and at night on an ATV, UTV or 4x4, with tire pressures for each terrain.',
    keywords: [
      'ATV riding tips',
      'UTV hill climb',
      'mud riding',
      'water crossing',
      'tire pressure',
    ],
    path: '/riding-techniques',
  });
  return (
    <article className="garage-page">
      <header>
        <h1>
          <BookOpen aria-hidden="true" size={30} /> Riding Techniques
        </h1>
        <p className="garage-page__lead">
          Practical lessons for the ground Arkansas riders meet: steep Ozark and Ouachita hills, red
          clay mud, rock ledges, gravel bars and creek crossings. On an ATV you steer with your
          body; in a UTV or 4x4 you steer with the wheel and your line, so each lesson says both.
        </p>
      </header>
      <LessonIndex />

      <TirePressureTable />

      <TractionLessons />
      <CrossingLessons />
      <ConditionLessons />
    </article>
  );
}
