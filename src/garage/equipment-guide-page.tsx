/**
 * /equipment-guide (requirements §voice-2.1, garage pages): what to pack for a day ride or a
 * weekend on the trail (packing-list.ts), as a checklist the rider ticks off while packing.
 * The ticks live only while the page is open: it is a packing aid, not a record.
 */
import { useState } from 'react';
import { Button, Checkbox, Link, Radio, RadioGroup, Label } from 'react-aria-components';
import { BookOpen, Check } from 'lucide-react';
import { usePageMeta } from '../ui/page-meta.ts';
import { packingListFor, type PackingGroup, type TripLength } from './packing-list.ts';
import './garage.css';

/** The day-ride / weekend choice that picks which packing list is shown. */
function TripLengthPicker({
  value,
  onChange,
}: {
  value: TripLength;
  onChange: (length: TripLength) => void;
}) {
  return (
    <RadioGroup
      className="garage-field"
      value={value}
      onChange={(next) => onChange(next as TripLength)}
      orientation="horizontal"
    >
      <Label className="garage-field__label">Trip length</Label>
      <div className="garage-actions">
        <Radio className="garage-checklist__item" value="day">
          <span className="garage-checklist__box garage-checklist__box--round" aria-hidden="true" />
          Day ride
        </Radio>
        <Radio className="garage-checklist__item" value="weekend">
          <span className="garage-checklist__box garage-checklist__box--round" aria-hidden="true" />
          Weekend
        </Radio>
      </div>
    </RadioGroup>
  );
}

/** One packing group (safety, water, tools, ...) as a checklist of tickable items. */
function PackingGroupCard({
  group,
  packed,
  onToggle,
}: {
  group: PackingGroup;
  packed: ReadonlySet<string>;
  onToggle: (id: string, isSelected: boolean) => void;
}) {
  return (
    <section className="garage-card" aria-labelledby={`pack-${group.id}`}>
      <h2 id={`pack-${group.id}`}>{group.title}</h2>
      <ul className="garage-checklist">
        {group.items.map((item) => (
          <li key={item.id}>
            <Checkbox
              className="garage-checklist__item"
              isSelected={packed.has(item.id)}
              onChange={(isSelected) => onToggle(item.id, isSelected)}
            >
              <span className="garage-checklist__box" aria-hidden="true">
                {packed.has(item.id) ? <Check size={20} /> : null}
              </span>
              <span className="garage-checklist__label">
                {item.label}
                {item.why ? <span className="garage-source"> — {item.why}</span> : null}
              </span>
            </Checkbox>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The last checks before riding out. */
function BeforeYouLeave() {
  return (
    <section className="garage-card">
      <h2>Before you leave</h2>
      <ul>
        <li>Check tire pressures cold and the wheel nuts.</li>
        <li>Check oil, coolant and brake fluid levels and the fuel.</li>
        <li>Test the lights, the horn and the brakes.</li>
        <li>
          Check the weather and the water levels of any crossings on the{' '}
          <Link href="/waterway-conditions">Waterway Conditions</Link> page.
        </li>
      </ul>
    </section>
  );
}

/** The equipment guide page. */
export function EquipmentGuidePage() {
  usePageMeta({
    title: 'Equipment Guide',
    description:
      'What to pack on an ATV or UTV for a day ride or a weekend on Arkansas trails: safety, water, tools, spares, recovery and camp.',
    keywords: ['ATV packing list', 'UTV gear', 'trail checklist', 'recovery gear'],
    path: '/equipment-guide',
  });
  const [length, setLength] = useState<TripLength>('day');
  const [packed, setPacked] = useState<ReadonlySet<string>>(new Set());
  const groups = packingListFor(length);
  const itemIds = groups.flatMap((group) => group.items.map((item) => item.id));
  const packedCount = itemIds.filter((id) => packed.has(id)).length;

  const toggle = (id: string, isSelected: boolean) =>
    setPacked((current) => {
      const next = new Set(current);
      if (isSelected) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <article className="garage-page">
      <header>
        <h1>
          <BookOpen aria-hidden="true" size={30} /> Equipment Guide
        </h1>
        <p className="garage-page__lead">
          What to carry on the machine, grouped the way you pack it. Tick items off as they go on
          the rack. For choosing lights, batteries and a winch, see{' '}
          <Link href="/equipment-intelligence">Equipment Intelligence</Link>.
        </p>
      </header>
      <section className="garage-card">
        <TripLengthPicker value={length} onChange={setLength} />
        <p role="status" className="garage-result">
          {packedCount} of {itemIds.length} packed
        </p>
        <Button
          className="button"
          isDisabled={packed.size === 0}
          onPress={() => setPacked(new Set())}
        >
          Clear ticks
        </Button>
      </section>
      {groups.map((group) => (
        <PackingGroupCard key={group.id} group={group} packed={packed} onToggle={toggle} />
      ))}
      <BeforeYouLeave />
    </article>
  );
}
