/**
 * Log a service done to a vehicle (schemas/records.ts `maintenanceDataSchema`): what was done,
 * the date, the odometer then and notes. Saved on the device at once, offline too.
 */
import type { FormEvent } from 'react';
import { FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { format } from 'date-fns';
import {
  garageMaxMiles,
  maintenanceServices,
  type MaintenanceData,
  type MaintenanceService,
} from '../../schemas/records.ts';
import { serviceLabels } from '../lib/garage/reminders.ts';
import {
  FormButtons,
  formNumber,
  formText,
  GarageChoiceField,
  GarageNumberField,
  GarageTextField,
} from './garage-fields.tsx';

const serviceOptions = maintenanceServices.map((id) => ({ id, label: serviceLabels[id] }));

function validDate(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Enter the date the work was done.';
  return value > format(new Date(), 'yyyy-MM-dd') ? 'The date cannot be in the future.' : null;
}

function validOdometer(value: number): string | null {
  return Number.isNaN(value) ? 'Enter the odometer reading when the work was done.' : null;
}

/**
 * The entry form for `vehicleId`; the odometer starts at `estimatedMiles` (rounded), the date
 * at today. `onSave` gets the entry to store.
 */
export function MaintenanceForm({
  vehicleId,
  entryId,
  estimatedMiles,
  onSave,
  onCancel,
}: {
  vehicleId: string;
  entryId: string;
  estimatedMiles: number;
  onSave: (entry: MaintenanceData) => void;
  onCancel: () => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSave({
      entryId,
      vehicleId,
      service: formText(form, 'service') as MaintenanceService,
      date: formText(form, 'date'),
      odometerMiles: formNumber(form, 'odometer') ?? 0,
      notes: formText(form, 'notes') || null,
    });
  };
  return (
    <Form className="garage-form" onSubmit={submit} aria-label="Log maintenance">
      <GarageChoiceField<MaintenanceService>
        name="service"
        label="Work done"
        options={serviceOptions}
        defaultValue="cvtBelt"
      />
      <DateField />
      <GarageNumberField
        name="odometer"
        label="Odometer then (miles)"
        defaultValue={Math.round(estimatedMiles)}
        minValue={0}
        maxValue={garageMaxMiles}
        isRequired
        validate={validOdometer}
      />
      <GarageTextField
        name="notes"
        label="Notes (optional)"
        defaultValue=""
        maxLength={1000}
        multiline
      />
      <FormButtons submitLabel="Save entry" onCancel={onCancel} />
    </Form>
  );
}

/** The date of the work, today by default (the browser's own date picker). */
function DateField() {
  return (
    <TextField
      className="garage-field"
      name="date"
      type="date"
      defaultValue={format(new Date(), 'yyyy-MM-dd')}
      isRequired
      validate={validDate}
    >
      <Label>Date</Label>
      <Input />
      <FieldError className="garage-field__error" />
    </TextField>
  );
}
