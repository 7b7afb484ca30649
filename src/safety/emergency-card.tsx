/**
 * The offline emergency card: the rider's medical notes and contacts, the current
 * coordinates in decimal degrees and degrees-minutes-seconds, where that is in words (nearest
 * town, county, nearby named place; the sentence the text and the dispatcher script carry too),
 * and what to tell a dispatcher. Everything on it is on the device.
 */
import { formatDecimalDegrees, formatDms } from '../lib/outdoor/coordinates.ts';
import {
  CONTACT_PRIORITY_LABELS,
  formatPhone,
  type EmergencyContact,
} from '../lib/outdoor/emergency-contacts.ts';
import {
  dispatcherScript,
  formatFixAge,
  telHref,
  type LocationFix,
} from '../lib/outdoor/emergency-message.ts';
import { PLACE_DATA_SOURCE } from '../lib/outdoor/place-lookup.ts';
import type { PlaceDescription } from './use-place.ts';

/** Props of the card. `now` in epoch ms (for the fix age). */
export interface EmergencyCardProps {
  fix: LocationFix | null;
  locationError: string | null;
  place: PlaceDescription;
  contacts: EmergencyContact[];
  medicalNotes: string;
  now: number;
}

/** What the county line says: the county, outside the data, still looking up, or nothing. */
function countyText(fix: LocationFix | null, place: PlaceDescription): string {
  if (!fix) return '—';
  if (place.county) return `${place.county} County, Arkansas`;
  return place.description ? 'Outside the Arkansas county data' : 'Looking up…';
}

/** Where the rider is: both coordinate formats, the fix's accuracy and age, town and county. */
function LocationFacts({
  fix,
  locationError,
  place,
  now,
}: Pick<EmergencyCardProps, 'fix' | 'locationError' | 'place' | 'now'>) {
  return (
    <dl className="emergency-card__facts">
      <div>
        <dt>Coordinates (decimal)</dt>
        <dd data-testid="card-decimal">
          {fix ? formatDecimalDegrees(fix.latitude, fix.longitude) : 'No GPS fix yet'}
        </dd>
      </div>
      <div>
        <dt>Coordinates (DMS)</dt>
        <dd data-testid="card-dms">{fix ? formatDms(fix.latitude, fix.longitude) : '—'}</dd>
      </div>
      <div>
        <dt>GPS fix</dt>
        <dd>
          {fix
            ? `±${Math.round(fix.accuracy)} m, ${formatFixAge(now - fix.timestamp)} old`
            : (locationError ?? 'Not requested yet')}
        </dd>
      </div>
      <div>
        <dt>Nearest town</dt>
        <dd data-testid="card-place">{fix ? (place.description ?? 'Looking up…') : '—'}</dd>
      </div>
      <div>
        <dt>County</dt>
        <dd>{countyText(fix, place)}</dd>
      </div>
    </dl>
  );
}

/** Renders the emergency card. */
export function EmergencyCard({
  fix,
  locationError,
  place,
  contacts,
  medicalNotes,
  now,
}: EmergencyCardProps) {
  const script = dispatcherScript({
    fix,
    now,
    placeDescription: place.description,
    countyName: place.county,
  });
  return (
    <section className="safety-card emergency-card" aria-labelledby="emergency-card-title">
      <h2 id="emergency-card-title">Emergency card</h2>
      <LocationFacts fix={fix} locationError={locationError} place={place} now={now} />
      <h3>Medical notes</h3>
      <p className="emergency-card__notes">
        {medicalNotes.trim()
          ? medicalNotes
          : 'None entered. Add allergies, conditions and medicines on the Safety page.'}
      </p>
      <h3>Emergency contacts</h3>
      {contacts.length === 0 ? (
        <p>No contacts yet. Add them on the Safety page.</p>
      ) : (
        <ul className="emergency-card__contacts">
          {contacts.map((contact) => (
            <li key={contact.id}>
              <span>
                <strong>{contact.name}</strong>
                {contact.relation ? ` · ${contact.relation}` : ''} ·{' '}
                {CONTACT_PRIORITY_LABELS[contact.priority]}
              </span>
              <a className="button" href={telHref(contact.phone)}>
                {formatPhone(contact.phone)}
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3>What to tell the 911 dispatcher</h3>
      <ol className="emergency-card__script">
        {script.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <p className="safety-source">{PLACE_DATA_SOURCE}</p>
    </section>
  );
}
