/**
 * /record (trip recording) and /real-trail-riding with its alias /gps (live GPS riding): the
 * recorder and the rider's trips (requirements §voice-2.1 route table). Both pages share the one
 * recording, so starting on one and opening the other shows the same ride.
 */
import { Circle, Satellite } from 'lucide-react';
import { usePageMeta } from '../ui/page-meta.ts';
import { RecorderPanel } from './recorder-panel.tsx';
import { TripsList } from './trips-list.tsx';
import './ride.css';

/** /record: the recorder and the trips list. */
export function RecordPage() {
  usePageMeta({
    title: 'Record a Trip',
    description:
      'Record your ride offline with GPS: distance, moving time, speed and elevation, resumable after a reload, with GPX export and import.',
    keywords: ['trip recording', 'GPS track', 'GPX', 'offline', 'Arkansas trails'],
    path: '/record',
  });
  return (
    <div className="ride-page">
      <header className="ride-header">
        <p className="eyebrow">
          <Circle size={14} aria-hidden="true" /> Ride
        </p>
        <h1>Record a trip</h1>
        <p className="ride-muted">
          Works with no signal. Your track stays on this device until it syncs.
        </p>
      </header>
      <RecorderPanel />
      <TripsList />
    </div>
  );
}

/** /real-trail-riding and /gps: live GPS riding with the same recorder. */
export function RealTrailRidingPage({ path }: { path: '/real-trail-riding' | '/gps' }) {
  usePageMeta({
    title: 'Real Trail Riding GPS',
    description:
      'Live GPS for trail riding: speed, heading, accuracy and elevation, with a recording that survives reloads and dead zones.',
    keywords: ['GPS', 'live tracking', 'trail riding', 'offline'],
    path,
  });
  return (
    <div className="ride-page">
      <header className="ride-header">
        <p className="eyebrow">
          <Satellite size={14} aria-hidden="true" /> Ride
        </p>
        <h1>Real trail riding</h1>
        <p className="ride-muted">
          Live speed, heading, accuracy and elevation from your device&apos;s GPS, recorded as you
          ride. No signal needed.
        </p>
      </header>
      <RecorderPanel />
      <TripsList />
    </div>
  );
}
