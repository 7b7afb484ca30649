/**
 * Add or edit a vehicle of the rider's garage (schemas/records.ts `vehicleDataSchema`): type,
 * make, model, year, nickname, odometer and the oil and air-filter intervals from the owner's
 * manual. Saved on the device at once, offline too.
 */
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { garageMaxMiles, type GarageVehicleType, type VehicleData } from '../../schemas/records.ts';
import { VEHICLE_TYPES } from '../lib/auth/session-types.ts';
import {
  FormButtons,
  formNumber,
  formText,
  GarageChoiceField,
  GarageNumberField,
  GarageTextField,
} from './garage-fields.tsx';

const newestYear = new Date().getFullYear() + 1;

function required(what: string) {
  return (value: string) => (value.trim() === '' ? `Enter the ${what}.` : null);
}

function validYear(value: number): string | null {
  if (Number.isNaN(value)) return null;
  return Number.isInteger(value) && value >= 1900 && value <= newestYear
    ? null
    : `Enter a year from 1900 to ${newestYear}, or leave it empty.`;
}

function validOdometer(value: number): string | null {
  return Number.isNaN(value) ? 'Enter the odometer in miles (0 for a new machine).' : null;
}

/**
 * The vehicle the form describes. `odometerAt` stays when the odometer is the one shown
 * (`shownMiles`), else the new reading is taken now.
 */
function vehicleFromForm(
  form: FormData,
  initial: VehicleData | null,
  shownMiles: number,
  vehicleId: string,
  now: number,
): VehicleData {
  const odometer = formNumber(form, 'odometer') ?? 0;
  const unchanged = initial !== null && odometer === shownMiles;
  return {
    vehicleId,
    type: formText(form, 'type') as GarageVehicleType,
    make: formText(form, 'make'),
    model: formText(form, 'model'),
    year: formNumber(form, 'year'),
    nickname: formText(form, 'nickname') || null,
    odometerMiles: unchanged ? initial.odometerMiles : odometer,
    odometerAt: unchanged ? initial.odometerAt : now,
    oilIntervalMiles: formNumber(form, 'oilInterval'),
    airFilterIntervalMiles: formNumber(form, 'airFilterInterval'),
  };
}

/**
 * The vehicle form. `initial` is the vehicle being edited (null to add one), `shownMiles` the
 * odometer to show (its estimate with trip miles); `onSave` gets the vehicle to store.
 */
export function VehicleForm({
  initial,
  shownMiles,
  vehicleId,
  onSave,
  onCancel,
}: {
  initial: VehicleData | null;
  shownMiles: number;
  vehicleId: string;
  onSave: (vehicle: VehicleData) => void;
  onCancel: () => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSave(vehicleFromForm(form, initial, shownMiles, vehicleId, Date.now()));
  };
  return (
    <Form
      className="garage-form"
      onSubmit={submit}
      aria-label={initial ? 'Edit vehicle' : 'Add a vehicle'}
    >
      <GarageChoiceField<GarageVehicleType>
        name="type"
        label="Type"
        options={VEHICLE_TYPES}
        defaultValue={initial?.type ?? 'atv'}
      />
      <GarageTextField
        name="make"
        label="Make"
        defaultValue={initial?.make ?? ''}
        isRequired
        maxLength={60}
        validate={required('make, e.g. Polaris')}
      />
      <GarageTextField
        name="model"
        label="Model"
        defaultValue={initial?.model ?? ''}
        isRequired
        maxLength={60}
        validate={required('model, e.g. Sportsman 570')}
      />
      <GarageNumberField
        name="year"
        label="Year (optional)"
        defaultValue={initial?.year ?? null}
        minValue={1900}
        maxValue={newestYear}
        grouping={false}
        validate={validYear}
      />
      <GarageTextField
        name="nickname"
        label="Nickname (optional)"
        defaultValue={initial?.nickname ?? ''}
        maxLength={60}
      />
      <GarageNumberField
        name="odometer"
        label="Odometer (miles)"
        defaultValue={initial ? shownMiles : null}
        minValue={0}
        maxValue={garageMaxMiles}
        isRequired
        validate={validOdometer}
      />
      <IntervalFields initial={initial} />
      <FormButtons submitLabel={initial ? 'Save vehicle' : 'Add vehicle'} onCancel={onCancel} />
    </Form>
  );
}

/** The oil and air-filter intervals, from the rider's owner's manual. */
function IntervalFields({ initial }: { initial: VehicleData | null }) {
  return (
    <>
      <GarageNumberField
        name="oilInterval"
        label="Oil change every … miles (optional)"
        hint="From your owner’s manual; intervals vary by model and riding."
        defaultValue={initial?.oilIntervalMiles ?? null}
        minValue={1}
        maxValue={garageMaxMiles}
      />
      <GarageNumberField
        name="airFilterInterval"
        label="Air filter every … miles (optional)"
        hint="From your owner’s manual."
        defaultValue={initial?.airFilterIntervalMiles ?? null}
        minValue={1}
        maxValue={garageMaxMiles}
      />
    </>
  );
}
