/**
 * One vehicle of "My vehicles" (/garage): what it is, its estimated odometer, its maintenance
 * reminders (src/lib/garage/reminders.ts), its maintenance log, and edit / remove.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { CircleAlert, CircleCheck, Gauge, Info } from 'lucide-react';
import type { MaintenanceData, VehicleData } from '../../schemas/records.ts';
import { newGarageId } from '../db/garage.ts';
import { vehicleTypeLabel } from '../lib/auth/session-types.ts';
import { maintenanceReminders, serviceLabels, type Reminder } from '../lib/garage/reminders.ts';
import { MaintenanceForm } from './maintenance-form.tsx';
import type { GarageActions } from './my-vehicles.tsx';
import { VehicleForm } from './vehicle-form.tsx';

/** "2021 Polaris RZR XP 1000", with the nickname first when there is one. */
export function vehicleName(vehicle: VehicleData): string {
  const name = [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return vehicle.nickname ? `${vehicle.nickname} (${name})` : name;
}

function miles(value: number): string {
  return `${Math.round(value).toLocaleString('en-US')} miles`;
}

function ReminderItem({ reminder }: { reminder: Reminder }) {
  const Icon =
    reminder.status === 'overdue' ? CircleAlert : reminder.status === 'ok' ? CircleCheck : Info;
  return (
    <li className={`garage-reminder garage-reminder--${reminder.status}`}>
      <Icon aria-hidden="true" size={20} />
      <span>
        <strong>{reminder.text}</strong>
        <span className="garage-source"> {reminder.basis}</span>
      </span>
    </li>
  );
}

function MaintenanceLog({
  entries,
  onRemove,
}: {
  entries: readonly MaintenanceData[];
  onRemove: (entryId: string) => void;
}) {
  if (entries.length === 0) return <p>No maintenance logged yet.</p>;
  return (
    <ul className="garage-log">
      {entries.map((entry) => (
        <li key={entry.entryId}>
          <span>
            <strong>{serviceLabels[entry.service]}</strong> on {entry.date} at{' '}
            {miles(entry.odometerMiles)}
            {entry.notes ? <span className="garage-source"> — {entry.notes}</span> : null}
          </span>
          <Button
            className="button button--ghost"
            aria-label={`Remove ${serviceLabels[entry.service]} entry of ${entry.date}`}
            onPress={() => onRemove(entry.entryId)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

function OdometerLine({
  vehicle,
  tripMiles,
  isCurrent,
}: {
  vehicle: VehicleData;
  tripMiles: number;
  isCurrent: boolean;
}) {
  return (
    <p className="garage-odometer">
      <Gauge aria-hidden="true" size={20} /> Odometer about{' '}
      <span className="garage-figure">{miles(vehicle.odometerMiles + tripMiles)}</span>
      {isCurrent
        ? ` (${miles(vehicle.odometerMiles)} entered + ${miles(tripMiles)} of trips recorded since). Trips you record on this device count toward this vehicle.`
        : ' as entered. Trips you record count toward the vehicle you ride.'}
    </p>
  );
}

/** The card of one vehicle. `tripMiles` counted since its reading (0 unless it is ridden). */
export function VehicleCard({
  vehicle,
  entries,
  isCurrent,
  tripMiles,
  actions,
}: {
  vehicle: VehicleData;
  entries: readonly MaintenanceData[];
  isCurrent: boolean;
  tripMiles: number;
  actions: GarageActions;
}) {
  const [mode, setModeState] = useState<'view' | 'edit' | 'remove' | { entryId: string }>('view');
  // Once a form or the confirmation closes, focus returns to the card's first button.
  const [returned, setReturned] = useState(false);
  const setMode = (next: typeof mode) => {
    setModeState(next);
    setReturned(next === 'view');
  };
  const name = vehicleName(vehicle);
  const estimated = vehicle.odometerMiles + tripMiles;
  const headingId = `vehicle-${vehicle.vehicleId}`;
  if (mode === 'edit') {
    return (
      <article className="garage-vehicle" aria-labelledby={headingId}>
        <h3 id={headingId}>Edit {name}</h3>
        <VehicleForm
          initial={vehicle}
          shownMiles={estimated}
          vehicleId={vehicle.vehicleId}
          onSave={(updated) => {
            setMode('view');
            void actions.saveVehicle(updated, false);
          }}
          onCancel={() => setMode('view')}
        />
      </article>
    );
  }
  return (
    <article className="garage-vehicle" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p className="garage-source">{vehicleTypeLabel(vehicle.type)}</p>
      <OdometerLine vehicle={vehicle} tripMiles={tripMiles} isCurrent={isCurrent} />
      <h4>Reminders</h4>
      <ul className="garage-reminders">
        {maintenanceReminders(vehicle, entries, tripMiles).map((reminder) => (
          <ReminderItem key={reminder.service} reminder={reminder} />
        ))}
      </ul>
      <h4>Maintenance log</h4>
      <MaintenanceLog entries={entries} onRemove={(entryId) => void actions.removeEntry(entryId)} />
      {typeof mode === 'object' ? (
        <MaintenanceForm
          vehicleId={vehicle.vehicleId}
          entryId={mode.entryId}
          estimatedMiles={estimated}
          onSave={(entry) => {
            setMode('view');
            void actions.logEntry(vehicle, estimated, entry);
          }}
          onCancel={() => setMode('view')}
        />
      ) : (
        <VehicleButtons
          name={name}
          focusFirst={returned}
          isCurrent={isCurrent}
          confirming={mode === 'remove'}
          onLog={() => setMode({ entryId: newGarageId() })}
          onRide={() => void actions.ride(vehicle.vehicleId)}
          onEdit={() => setMode('edit')}
          onRemove={() => setMode('remove')}
          onConfirmRemove={() => void actions.remove(vehicle.vehicleId)}
          onKeep={() => setMode('view')}
        />
      )}
    </article>
  );
}

function VehicleButtons(props: {
  name: string;
  focusFirst: boolean;
  isCurrent: boolean;
  confirming: boolean;
  onLog: () => void;
  onRide: () => void;
  onEdit: () => void;
  onRemove: () => void;
  onConfirmRemove: () => void;
  onKeep: () => void;
}) {
  if (props.confirming) {
    return (
      <div className="garage-confirm" role="group" aria-label={`Remove ${props.name}?`}>
        <p>Remove {props.name} and its maintenance log? This cannot be undone.</p>
        <div className="garage-actions">
          <Button className="button button--danger" onPress={props.onConfirmRemove}>
            Remove vehicle
          </Button>
          <Button className="button" onPress={props.onKeep} autoFocus>
            Keep it
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="garage-actions">
      <Button className="button button--primary" onPress={props.onLog} autoFocus={props.focusFirst}>
        Log maintenance
      </Button>
      {props.isCurrent ? null : (
        <Button className="button" onPress={props.onRide}>
          I ride this one
        </Button>
      )}
      <Button className="button" onPress={props.onEdit} aria-label={`Edit ${props.name}`}>
        Edit
      </Button>
      <Button className="button" onPress={props.onRemove} aria-label={`Remove ${props.name}`}>
        Remove
      </Button>
    </div>
  );
}
