/**
 * Legal shooting time for a day and a place (requirements §voice-9 rule "30 minutes before sunrise
 * to noon, except the last day"), computed on the device with suncalc: the rider's GPS fix or a
 * waterfowl WMA's approximate point, any date. Works offline.
 */
import { useMemo, useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { Crosshair } from 'lucide-react';
import {
  arkansasDay,
  formatArkansasTime,
  shootingHours,
  type CalendarDay,
} from '../lib/hunting/shooting-hours.ts';
import { AGFC_URL, DUCK_SEASON_LABEL, duckSeasonHeadline } from '../lib/hunting/duck-season.ts';
import { useLocate } from './use-locate.ts';
import { useWmas } from './use-wmas.ts';

function toInputValue(day: CalendarDay): string {
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

function fromInputValue(value: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

const MY_POSITION = 'my-position';

type ShootingPlace = { name: string; latitude: number; longitude: number };

/** The computed times for `place`, with the last-day exception said in words. */
function ShootingTimes({
  hours,
  place,
}: {
  hours: NonNullable<ReturnType<typeof shootingHours>>;
  place: ShootingPlace;
}) {
  return (
    <div aria-live="polite">
      <dl className="shooting-times">
        <div>
          <dt>Shooting starts</dt>
          <dd>{formatArkansasTime(hours.start)}</dd>
        </div>
        <div>
          <dt>Sunrise</dt>
          <dd>{formatArkansasTime(hours.sunrise)}</dd>
        </div>
        <div>
          <dt>Shooting ends</dt>
          <dd>
            {hours.lastDayException
              ? 'Not noon: this is the last day of a 2025-26 period, which the rule excepts. The closing time for that day is not held in this app; check AGFC.'
              : formatArkansasTime(hours.noon)}
          </dd>
        </div>
      </dl>
      <p className="hunt-fine">
        At {place.name}, {place.latitude.toFixed(3)}, {place.longitude.toFixed(3)}. A point a few
        miles off moves sunrise by well under a minute. Times are Arkansas time. Rules:{' '}
        <a href={AGFC_URL} target="_blank" rel="noopener noreferrer">
          Arkansas Game and Fish Commission
        </a>
        .
      </p>
    </div>
  );
}

/**
 * The place the times are for: the rider's fix when "my position" is chosen and located, the
 * chosen waterfowl WMA, or the first one before any choice; undefined when none is known.
 */
function chosenPlace(
  placeId: string,
  fix: ReturnType<typeof useLocate>['state'],
  waterfowlAreas: readonly (ShootingPlace & { id: string })[],
): ShootingPlace | undefined {
  if (placeId === MY_POSITION && fix.status === 'located') {
    return {
      name: `your position (±${Math.round(fix.accuracyMetres)} m)`,
      latitude: fix.latitude,
      longitude: fix.longitude,
    };
  }
  return (
    waterfowlAreas.find((wma) => wma.id === placeId) ??
    (placeId === '' ? waterfowlAreas[0] : undefined)
  );
}

/** The card: a date field, a place picker (GPS or a waterfowl WMA) and the times. */
export function ShootingTimeCard() {
  const [now] = useState(() => new Date());
  const { wmas } = useWmas();
  const waterfowlAreas = useMemo(() => wmas.filter((wma) => wma.waterfowl), [wmas]);
  const [dateText, setDateText] = useState(() => toInputValue(arkansasDay(now)));
  const [placeId, setPlaceId] = useState<string>('');
  const { state: fix, locate } = useLocate();
  const headline = duckSeasonHeadline(now);

  const place = chosenPlace(placeId, fix, waterfowlAreas);
  const day = fromInputValue(dateText);
  const hours = place && day ? shootingHours(day, place) : null;

  return (
    <section className="hunt-card" aria-labelledby="shooting-time-title">
      <h2 id="shooting-time-title">Legal shooting time</h2>
      <p>
        Worked out on this phone from the sun&apos;s position (no signal needed) with the shooting
        hours rule of the {DUCK_SEASON_LABEL} season: 30 minutes before sunrise to noon, except the
        last day.
        {headline.published
          ? ''
          : ` The ${headline.label} rules are not yet published here; check them with AGFC.`}
      </p>
      <div className="hunt-form">
        <TextField value={dateText} onChange={setDateText} className="hunt-field" type="date">
          <Label>Date</Label>
          <Input />
        </TextField>
        <div className="hunt-field">
          <label htmlFor="shooting-place">Place</label>
          <select
            id="shooting-place"
            value={placeId === '' && waterfowlAreas[0] ? waterfowlAreas[0].id : placeId}
            onChange={(event) => setPlaceId(event.target.value)}
          >
            {fix.status === 'located' ? (
              <option value={MY_POSITION}>My position (GPS)</option>
            ) : null}
            {waterfowlAreas.map((wma) => (
              <option key={wma.id} value={wma.id}>
                {wma.name} (approximate point)
              </option>
            ))}
          </select>
        </div>
        <Button
          className="button"
          onPress={() => {
            setPlaceId(MY_POSITION);
            locate();
          }}
        >
          <Crosshair size={18} aria-hidden="true" />
          Use my position
        </Button>
      </div>
      {fix.status === 'locating' ? <p role="status">Finding your position…</p> : null}
      {fix.status === 'failed' && placeId === MY_POSITION ? (
        <p role="alert" className="hunt-note hunt-note--warning">
          {fix.message}
        </p>
      ) : null}
      {!day ? (
        <p role="alert" className="hunt-note hunt-note--warning">
          Enter a date as year, month and day.
        </p>
      ) : null}
      {hours && place ? (
        <ShootingTimes hours={hours} place={place} />
      ) : !place ? (
        <p className="hunt-note">
          Pick a place: use your position, or open the app once with signal so the waterfowl areas
          are stored.
        </p>
      ) : null}
    </section>
  );
}
