/**
 * /equipment-intelligence and /equipment (requirements §voice-2.1, same page; requirements §core-2
 * Garage entries): how lighting whips, a dual battery, a battery isolator and a battery monitor
 * work, how to size them and how to fit them safely, plus recovery gear, with an accessory
 * circuit calculator (electrical-sizing.ts). `category` (from `?category=`) shows one section.
 * The advice is our own; no product, price or legal rule is claimed.
 */
import { useId, useState } from 'react';
import { Input, Label, Link, NumberField, Radio, RadioGroup, Text } from 'react-aria-components';
import { Cpu } from 'lucide-react';
import { usePageMeta } from '../ui/page-meta.ts';
import {
  NOMINAL_VOLTS,
  SIZING_LIMITS,
  USABLE_CAPACITY,
  sizeCircuit,
  type BatteryChemistry,
  type CircuitSizing,
} from './electrical-sizing.ts';
import type { EquipmentCategory } from './equipment-search.ts';
import './garage.css';

const categoryLabels: Record<EquipmentCategory, string> = {
  lighting: 'Lighting',
  electrical: 'Electrical',
  recovery: 'Recovery',
};

/**
 * The equipment intelligence page. `path` is the route it is shown at (/equipment-intelligence
 * or /equipment) for the canonical link; `category` limits it to one section.
 */
export function EquipmentPage({ category, path }: { category?: EquipmentCategory; path: string }) {
  usePageMeta({
    title: category ? `${categoryLabels[category]} Equipment` : 'Equipment Intelligence',
    description:
      'How LED whips, dual batteries, battery isolators, battery monitors and recovery gear work on an ATV or UTV, how to size them and how to fit them safely.',
    keywords: ['LED whip', 'dual battery', 'battery isolator', 'battery monitor', 'winch', 'UTV'],
    path: category ? `${path}?category=${category}` : path,
  });
  const shows = (section: EquipmentCategory) => !category || category === section;
  return (
    <article className="garage-page">
      <header>
        <h1>
          <Cpu aria-hidden="true" size={30} /> Equipment Intelligence
        </h1>
        <p className="garage-page__lead">
          How the add-ons riders fit most often work, how to size them for your machine, and how to
          wire them so they never leave you with a flat starting battery. Our own advice; the
          maker’s instructions for your part and vehicle come first.
        </p>
      </header>
      <nav aria-label="Equipment categories">
        <ul className="garage-filter">
          <li>
            <Link
              className="button"
              href={path}
              aria-current={category === undefined ? 'page' : undefined}
            >
              All
            </Link>
          </li>
          {(Object.keys(categoryLabels) as EquipmentCategory[]).map((key) => (
            <li key={key}>
              <Link
                className="button"
                href={`${path}?category=${key}`}
                aria-current={category === key ? 'page' : undefined}
              >
                {categoryLabels[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {shows('lighting') ? <LightingSection /> : null}
      {shows('electrical') ? <ElectricalSection /> : null}
      {shows('lighting') || shows('electrical') ? <CircuitCalculator /> : null}
      {shows('recovery') ? <RecoverySection /> : null}
    </article>
  );
}

function LightingSection() {
  return (
    <section className="garage-card" aria-labelledby="lighting-whips">
      <h2 id="lighting-whips">Lighting whips</h2>
      <h3>How they work</h3>
      <p>
        A whip is a flexible rod, usually polycarbonate or fibreglass, with LEDs inside, on a spring
        or quick-release base bolted to the roll cage or rack. It marks where you are over a hill
        crest, in dust and at night, so other riders see you before they see the machine. Most run
        on the vehicle’s 12-volt system; coloured whips add a small controller (often with a remote
        or a phone app) that sets colours and patterns.
      </p>
      <h3>How to size one</h3>
      <ul>
        <li>
          <strong>Height:</strong> tall enough that the tip clears the top of your cage by a good
          margin so it shows over a rise. On tight, wooded Ozark and Ouachita trails a shorter whip
          catches fewer branches; save the tall one for open ground.
        </li>
        <li>
          <strong>Power:</strong> read the watts on the label and put them into the calculator below
          to get the current, the fuse and how long the battery will last with the engine off.
        </li>
        <li>
          <strong>Mount:</strong> choose a quick-release base, so the whip comes off for trailering
          and garage doors.
        </li>
      </ul>
      <h3>Fitting it safely</h3>
      <ul>
        <li>
          Power it through its own fuse, sized with the calculator, as close to the battery or the
          power source as you can: the fuse protects the wire from a short, not the light.
        </li>
        <li>Run the wire along the cage with clamps, away from the exhaust and moving parts.</li>
        <li>
          Seal connectors with heat-shrink or dielectric grease: water crossings find every gap.
        </li>
        <li>
          Flashing red and blue are the colours of emergency vehicles: don’t use them. Riding areas
          and public roads can have their own lighting rules; check before you ride.
        </li>
      </ul>
    </section>
  );
}

/** What a second battery is for, how to size it and how to fit it safely. */
function DualBatteryCard() {
  return (
    <section className="garage-card" aria-labelledby="dual-battery">
      <h2 id="dual-battery">Dual battery setup</h2>
      <h3>How it works</h3>
      <p>
        A second (auxiliary) battery runs the winch, light bars, stereo or a fridge, while the
        starting battery is kept only for starting. The engine’s charging system charges both while
        it runs; a battery isolator (below) joins them then and separates them when the engine
        stops, so the accessories can drain the second battery flat and the engine still starts.
      </p>
      <h3>How to size it</h3>
      <ul>
        <li>
          Add up the watts of everything you run with the engine off and how long, then use the
          calculator below for the amp-hours the second battery needs.
        </li>
        <li>
          While riding, the total draw must stay below what your charging system (stator or
          alternator) puts out after the engine’s own needs. Your service manual gives that output;
          if accessories draw more, the batteries slowly run down even while you ride.
        </li>
        <li>
          Lithium (LiFePO4) batteries weigh less and can be drained deeper, but need a charging
          setup made for lithium, usually a DC-DC charger rather than a simple relay.
        </li>
      </ul>
      <h3>Safety</h3>
      <ul>
        <li>Fuse every positive cable as close to each battery as possible.</li>
        <li>Strap the second battery down in a proper tray: a loose battery is a fire risk.</li>
        <li>
          A winch under load draws far more current than anything else: wire it straight to a
          battery with the cable size the winch maker specifies, not through a small relay.
        </li>
        <li>Disconnect the negative cable first and reconnect it last when you work on it.</li>
      </ul>
    </section>
  );
}

/** The three kinds of isolator and how to size one. */
function BatteryIsolatorCard() {
  return (
    <section className="garage-card" aria-labelledby="battery-isolator">
      <h2 id="battery-isolator">Battery isolator</h2>
      <h3>How it works</h3>
      <ul>
        <li>
          <strong>Voltage-sensing relay</strong> (also called an automatic charging relay): it joins
          the two batteries when it sees charging voltage and separates them when the voltage falls
          after the engine stops. Simple and common on UTVs; the switching voltages are printed in
          each unit’s instructions.
        </li>
        <li>
          <strong>DC-DC charger:</strong> charges the second battery with its own charging profile.
          The choice for a lithium second battery or for batteries far apart.
        </li>
        <li>
          <strong>Diode isolator:</strong> no moving parts, but it loses some voltage across the
          diodes, so the second battery may never charge fully.
        </li>
      </ul>
      <h3>How to size it</h3>
      <p>
        Its continuous rating must exceed the most current your charging system can push into the
        second battery. It carries charging current only: accessories and the winch connect to the
        second battery, not through the isolator.
      </p>
      <h3>Safety</h3>
      <p>
        Fuse the cable on both sides of the isolator, and mount it where mud and water can’t pool on
        its terminals.
      </p>
    </section>
  );
}

/** Voltmeters and shunt monitors. */
function BatteryMonitorCard() {
  return (
    <section className="garage-card" aria-labelledby="battery-monitor">
      <h2 id="battery-monitor">Battery monitor</h2>
      <h3>How it works</h3>
      <ul>
        <li>
          <strong>Voltmeter:</strong> shows the battery’s voltage. A lead-acid battery that has
          rested for a few hours reads higher the fuller it is, so a voltmeter gives a rough state
          of charge; while the engine runs it shows whether the battery is charging.
        </li>
        <li>
          <strong>Shunt monitor:</strong> a shunt on the negative cable measures every amp going in
          and out and shows state of charge in percent and time remaining. Needed for lithium, whose
          voltage hardly changes until it is nearly empty.
        </li>
      </ul>
      <h3>How to size it</h3>
      <p>
        Pick a shunt rated above your largest draw (the winch, if it runs through it), and a display
        you can read in sunlight and with gloves.
      </p>
      <h3>Safety</h3>
      <p>
        The shunt goes between the battery’s negative terminal and everything else, so all current
        passes through it. Fuse the monitor’s thin sense wire at the battery.
      </p>
    </section>
  );
}

/** Dual battery, isolator and monitor: the electrical category. */
function ElectricalSection() {
  return (
    <>
      <DualBatteryCard />
      <BatteryIsolatorCard />
      <BatteryMonitorCard />
    </>
  );
}

function RecoverySection() {
  return (
    <section className="garage-card" aria-labelledby="recovery-gear">
      <h2 id="recovery-gear">Recovery gear</h2>
      <h3>Winch</h3>
      <p>
        A common rule of thumb is a rated pull of at least 1.5 times the loaded weight of your
        machine, since mud and slopes add to the load. Synthetic rope is lighter and stores less
        energy if it breaks than steel cable; steel stands up better to rocks.
      </p>
      <h3>Straps, shackles and a snatch block</h3>
      <ul>
        <li>Use recovery straps with sewn loops, never ones with metal hooks.</li>
        <li>
          Join straps with soft shackles or rated bow shackles, not by looping one through the
          other.
        </li>
        <li>
          Fix straps only to rated recovery points or the frame, never to a bumper or the hitch
          ball.
        </li>
        <li>A snatch block doubles the winch’s pull and lets you pull around a corner.</li>
      </ul>
      <h3>Safety</h3>
      <ul>
        <li>Lay a blanket, jacket or line damper over the middle of the cable or strap.</li>
        <li>Keep everyone out of the line of pull, at least one and a half cable lengths away.</li>
        <li>Wear gloves, keep hands clear of the fairlead and never step over a loaded line.</li>
      </ul>
    </section>
  );
}

/** Lead-acid/AGM or lithium: sets how much of the battery's capacity may be used. */
function ChemistryPicker({
  value,
  onChange,
}: {
  value: BatteryChemistry;
  onChange: (chemistry: BatteryChemistry) => void;
}) {
  return (
    <RadioGroup
      className="garage-field"
      value={value}
      onChange={(next) => onChange(next as BatteryChemistry)}
    >
      <Label className="garage-field__label">Battery type</Label>
      <Radio className="garage-checklist__item" value="lead-acid">
        <span className="garage-checklist__box garage-checklist__box--round" aria-hidden="true" />
        Lead-acid or AGM
      </Radio>
      <Radio className="garage-checklist__item" value="lithium">
        <span className="garage-checklist__box garage-checklist__box--round" aria-hidden="true" />
        Lithium (LiFePO4)
      </Radio>
    </RadioGroup>
  );
}

/** The calculator's answer (current in amps, fuse, battery amp-hours), read out as it changes. */
function SizingResult({ id, sizing }: { id: string; sizing: CircuitSizing }) {
  return (
    <div className="garage-result" id={id} aria-live="polite">
      {sizing.ok ? (
        <dl>
          <dt>Current</dt>
          <dd>{sizing.amps.toFixed(1)} A</dd>
          <dt>Fuse</dt>
          <dd>
            {sizing.fuse.kind === 'blade'
              ? `${sizing.fuse.amps} A blade fuse`
              : `${sizing.fuse.amps} A high-current fuse or circuit breaker (above blade-fuse range)`}
          </dd>
          <dt>Battery</dt>
          <dd>at least {sizing.batteryAmpHours} Ah rated capacity</dd>
        </dl>
      ) : (
        <p>Fix the highlighted field to see the result.</p>
      )}
    </div>
  );
}

/**
 * The accessory circuit calculator: watts and hours in, current, fuse and battery amp-hours out
 * (electrical-sizing.ts).
 */
function CircuitCalculator() {
  const [watts, setWatts] = useState(120);
  const [hours, setHours] = useState(2);
  const [chemistry, setChemistry] = useState<BatteryChemistry>('lead-acid');
  const resultId = useId();
  const sizing = sizeCircuit({ watts, hours, chemistry });
  return (
    <section className="garage-card" aria-labelledby="circuit-calculator">
      <h2 id="circuit-calculator">Accessory circuit calculator</h2>
      <p>
        Enter an accessory’s power from its label and how long you run it with the engine off. It
        works on a {NOMINAL_VOLTS}-volt system and uses {USABLE_CAPACITY['lead-acid'] * 100}% of a
        lead-acid or AGM battery (deeper discharges shorten its life) and{' '}
        {USABLE_CAPACITY.lithium * 100}% of a lithium (LiFePO4) one.
      </p>
      <div className="garage-calculator">
        <NumberField
          className="garage-field"
          value={watts}
          onChange={setWatts}
          minValue={SIZING_LIMITS.watts.min}
          maxValue={SIZING_LIMITS.watts.max}
          aria-describedby={resultId}
        >
          <Label>Power (watts)</Label>
          <Input inputMode="decimal" />
          {!sizing.ok && sizing.errors.watts ? (
            <Text slot="errorMessage" className="garage-field__error">
              {sizing.errors.watts}
            </Text>
          ) : null}
        </NumberField>
        <NumberField
          className="garage-field"
          value={hours}
          onChange={setHours}
          minValue={SIZING_LIMITS.hours.min}
          maxValue={SIZING_LIMITS.hours.max}
          step={0.1}
          formatOptions={{ maximumFractionDigits: 1 }}
        >
          <Label>Hours with the engine off</Label>
          <Input inputMode="decimal" />
          {!sizing.ok && sizing.errors.hours ? (
            <Text slot="errorMessage" className="garage-field__error">
              {sizing.errors.hours}
            </Text>
          ) : null}
        </NumberField>
        <ChemistryPicker value={chemistry} onChange={setChemistry} />
      </div>
      <SizingResult id={resultId} sizing={sizing} />
      <p className="garage-source">
        Wire gauge depends on the current and the length of the run: use the gauge the accessory
        maker specifies for your length, and go one size thicker if in doubt.
      </p>
    </section>
  );
}
