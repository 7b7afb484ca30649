/**
 * /safety (requirements §core-2 Safety): the checklist before a ride, the safety advice
 * facts of requirements §voice-9, emergency contacts, medical notes, and the outdoor and
 * emergency settings. Works offline: everything is on the device.
 */
import { useContext, type ReactNode } from 'react';
import { format } from 'date-fns';
import { Link } from 'react-aria-components';
import { Siren } from 'lucide-react';
import { usePreRideChecklist } from '../db-react/pre-ride-checks.ts';
import { WhenDatabaseOpen } from '../db-react/provider.tsx';
import { recordOwner } from '../db/records.ts';
import { useEmergencyContacts } from '../db-react/safety-settings.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { usePageMeta } from '../ui/page-meta.ts';
import { ContactsSection, MedicalNotesSection } from './contacts-section.tsx';
import { OutdoorContext } from './outdoor-context.ts';
import { SettingsSection } from './settings-section.tsx';
import './safety.css';

/** Safety advice of requirements §voice-9 "Safety advice", word for word in substance. */
export const SAFETY_ADVICE: readonly { topic: string; fact: string }[] = [
  { topic: 'Water', fact: 'Carry 1 gallon of water per person.' },
  { topic: 'CVT belt', fact: 'Change the CVT belt every 500 miles.' },
  { topic: 'Tire pressure', fact: '8 PSI in mud, 10-12 PSI on rocks, 6-8 PSI in sand.' },
  { topic: 'Thunder', fact: 'Wait 30 minutes after the last thunder before riding on.' },
  { topic: 'Overheating', fact: 'Let an overheated engine cool for 15-20 minutes.' },
  { topic: 'Lightning', fact: 'In lightning, park and move 50 feet away from the vehicle.' },
];

const CHECKLIST = [
  'Someone at home knows your route and when you will be back',
  'Phone charged, and a power bank packed',
  '1 gallon of water per person',
  'Tire pressure set for the terrain (mud, rocks or sand)',
  'CVT belt within its 500-mile change interval',
  'Trails and this app opened once with signal, so they work offline',
  'First-aid kit, tow strap and basic tools packed',
  'Helmet and riding gear on',
];

/**
 * Whether today's checklist is done and how many days have one; the count feeds the "Pre-Ride
 * Check" and "Safety First" achievements.
 */
function ChecklistStatus({
  completedAt,
  daysCompleted,
}: {
  completedAt: number | null;
  daysCompleted: number;
}) {
  return (
    <p className="checklist__status" role="status">
      {completedAt === null
        ? 'Tick every item to log today’s check. Ticks are kept on this device until tomorrow.'
        : `Checked for today at ${format(completedAt, 'h:mm a')}, saved on this device.`}{' '}
      {daysCompleted > 0
        ? `Days with a completed check: ${daysCompleted} (achievements: `
        : 'Completed checks count toward the achievements ('}
      <Link href="/achievements">Pre-Ride Check and Safety First</Link>).
    </p>
  );
}

/**
 * Renders `children` once the database and the outdoor settings are ready: the page above them
 * paints before (it is pre-rendered), the forms that edit the device's settings follow.
 */
function WhenDeviceSettingsReady({ children }: { children: ReactNode }) {
  const outdoor = useContext(OutdoorContext);
  return <WhenDatabaseOpen>{outdoor ? children : null}</WhenDatabaseOpen>;
}

/** The /safety page. */
export function SafetyPage() {
  usePageMeta({
    title: 'Safety Center',
    description: 'Safety tools, emergency contacts and SOS for when a ride goes wrong.',
    keywords: ['sos', 'emergency', 'help', 'first aid'],
    path: '/safety',
  });
  const { contacts } = useEmergencyContacts();
  const session = useSession();
  const owner = recordOwner(session.status === 'signedIn' ? session.user?.id : null);
  const checklist = usePreRideChecklist(owner);
  const items = [
    ...(contacts.length === 0 ? ['Add at least one emergency contact (below)'] : []),
    ...CHECKLIST,
  ];

  return (
    <div className="safety-page">
      <header className="safety-page__header">
        <h1>Safety Center</h1>
        <p className="safety-muted">Everything here works with no signal.</p>
        <Link href="/emergency" className="button button--danger-strong safety-page__sos">
          <Siren aria-hidden="true" /> Open the Emergency screen
        </Link>
      </header>

      <div className="safety-grid">
        <section className="safety-card" aria-labelledby="checklist-title">
          <h2 id="checklist-title">Before you ride</h2>
          <p className="safety-muted" aria-live="polite">
            {items.filter((item) => checklist.ticked.has(item)).length} of {items.length} done
          </p>
          <ul className="checklist">
            {items.map((item) => (
              <li key={item}>
                <label className="checklist__item">
                  <input
                    type="checkbox"
                    checked={checklist.ticked.has(item)}
                    disabled={checklist.isLoading}
                    onChange={() => {
                      checklist.toggle(item, items).catch((error: unknown) => {
                        console.error('The pre-ride checklist could not be saved:', error);
                      });
                    }}
                  />
                  <span>{item}</span>
                </label>
              </li>
            ))}
          </ul>
          <ChecklistStatus
            completedAt={checklist.completedToday?.completedAt ?? null}
            daysCompleted={checklist.daysCompleted}
          />
        </section>

        <section className="safety-card" aria-labelledby="advice-title">
          <h2 id="advice-title">Safety advice</h2>
          <dl className="advice">
            {SAFETY_ADVICE.map((item) => (
              <div key={item.topic} className="advice__item">
                <dt>{item.topic}</dt>
                <dd>{item.fact}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <WhenDeviceSettingsReady>
        <ContactsSection />
        <MedicalNotesSection />
        <SettingsSection />
      </WhenDeviceSettingsReady>
    </div>
  );
}
