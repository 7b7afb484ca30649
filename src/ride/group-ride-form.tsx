/**
 * The group-ride form, for creating and editing a ride: a trail from the catalogue,
 * where the group meets (the trail's start or one of the nearest catalogue trailheads), date and
 * time, vehicle types, size limit and notes. The values live in the caller's state, so a
 * submit refused by the server or made with no signal loses nothing the rider typed.
 */
import { useMemo, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  ComboBox,
  Form,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  NumberField,
  Popover,
  Radio,
  RadioGroup,
  TextArea,
  TextField,
} from 'react-aria-components';
import { ChevronDown } from 'lucide-react';
import {
  groupRideLimits,
  groupRideVehicleTypes,
  type GroupRidePlan,
} from '../../schemas/group-rides.ts';
import type { Trail } from '../../schemas/trails.ts';
import {
  nearestTrailheads,
  planFromForm,
  trailStartMeeting,
  type GroupRideFormValues,
} from '../lib/group-rides/group-ride-form-values.ts';
import { vehicleTypeLabels } from '../lib/group-rides/group-ride-rules.ts';

/** How many nearby trailheads the meeting choice offers besides the trail's start. */
const trailheadChoices = 6;

interface TrailOption {
  id: string;
  label: string;
}

/** The trail picker: a searchable list of the catalogue's trails and systems. */
function TrailPicker({
  trails,
  selected,
  onSelect,
}: {
  trails: readonly Trail[];
  selected: string | null;
  onSelect: (id: string | null) => void;
}) {
  const options = useMemo<TrailOption[]>(
    () =>
      trails
        .filter((trail) => trail.kind !== 'trailhead' && trail.kind !== 'ohv_trail')
        .map((trail) => ({ id: trail.id, label: trail.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [trails],
  );
  return (
    <ComboBox
      // The catalogue may still be arriving: a new list remounts the picker with every trail.
      key={options.length}
      className="group-field group-combobox"
      defaultItems={options}
      selectedKey={selected}
      onSelectionChange={(key) => onSelect(key === null ? null : String(key))}
      menuTrigger="focus"
      isRequired
    >
      <Label>Trail</Label>
      <div className="group-combobox__control">
        <Input />
        <Button className="group-combobox__button" aria-label="Show trails">
          <ChevronDown size={20} aria-hidden="true" />
        </Button>
      </div>
      <Popover className="group-popover">
        <ListBox<TrailOption> className="group-listbox">
          {(option) => (
            <ListBoxItem className="group-option" id={option.id} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/** Where the group meets: the trail's start or a nearby catalogue trailhead. */
function MeetingChoice({
  trail,
  trails,
  value,
  onChange,
}: {
  trail: Trail | null;
  trails: readonly Trail[];
  value: string;
  onChange: (meeting: string) => void;
}) {
  const nearby = useMemo(
    () =>
      trail
        ? nearestTrailheads(
            trail,
            trails.filter((entry) => entry.kind === 'trailhead' && entry.id !== trail.id),
            trailheadChoices,
          )
        : [],
    [trail, trails],
  );
  if (!trail) return <p className="ride-muted">Choose a trail to pick where the group meets.</p>;
  return (
    <RadioGroup className="group-field group-choices" value={value} onChange={onChange}>
      <Label>Meeting place</Label>
      <Radio value={trailStartMeeting}>Start of {trail.name} (its catalogue point)</Radio>
      {nearby.map((trailhead) => (
        <Radio key={trailhead.id} value={trailhead.id}>
          {trailhead.name} ({trailhead.miles} mi away)
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** Date and time, vehicle types, size limit and notes. */
function DetailFields({
  values,
  onChange,
}: {
  values: GroupRideFormValues;
  onChange: (changes: Partial<GroupRideFormValues>) => void;
}) {
  return (
    <>
      <TextField
        className="group-field"
        value={values.startsAtLocal}
        onChange={(startsAtLocal) => onChange({ startsAtLocal })}
        isRequired
      >
        <Label>Date and time the group meets</Label>
        <Input type="datetime-local" />
      </TextField>
      <CheckboxGroup
        className="group-field group-choices"
        value={values.vehicleTypes}
        onChange={(types) =>
          onChange({ vehicleTypes: types as GroupRideFormValues['vehicleTypes'] })
        }
      >
        <Label>Vehicle types welcome</Label>
        {groupRideVehicleTypes.map((type) => (
          <Checkbox key={type} value={type} className="group-checkbox">
            <span className="group-checkbox__box" aria-hidden="true" />
            {vehicleTypeLabels[type]}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <NumberField
        className="group-field"
        value={values.sizeLimit}
        onChange={(sizeLimit) => onChange({ sizeLimit })}
        minValue={groupRideLimits.minSize}
        maxValue={groupRideLimits.maxSize}
        isRequired
      >
        <Label>Size limit (riders, you included)</Label>
        <Input inputMode="numeric" />
      </NumberField>
      <TextField
        className="group-field"
        value={values.notes}
        onChange={(notes) => onChange({ notes })}
        maxLength={groupRideLimits.notes}
      >
        <Label>Notes for the group (optional)</Label>
        <TextArea rows={3} />
      </TextField>
    </>
  );
}

/**
 * The form. `onSubmit` sends the plan and rejects with the words to show; the values stay as
 * they are whatever happens (the caller clears them after a success if it wants to).
 */
export function GroupRideForm({
  label,
  submitLabel,
  trails,
  values,
  onChange,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  trails: readonly Trail[];
  values: GroupRideFormValues;
  onChange: (values: GroupRideFormValues) => void;
  onSubmit: (plan: GroupRidePlan) => Promise<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const trail = trails.find((entry) => entry.id === values.trailId) ?? null;
  const change = (changes: Partial<GroupRideFormValues>) => onChange({ ...values, ...changes });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const plan = planFromForm(values, Date.now());
    if (typeof plan === 'string') {
      setProblem(plan);
      return;
    }
    setSending(true);
    setProblem(null);
    onSubmit(plan)
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)))
      .finally(() => setSending(false));
  };
  return (
    <Form className="group-form" onSubmit={submit} aria-label={label}>
      <TrailPicker
        trails={trails}
        selected={values.trailId}
        onSelect={(trailId) => change({ trailId, meeting: trailStartMeeting })}
      />
      <MeetingChoice
        trail={trail}
        trails={trails}
        value={values.meeting}
        onChange={(meeting) => change({ meeting })}
      />
      <DetailFields values={values} onChange={change} />
      {problem ? (
        <p className="group-error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" className="button button--primary" isDisabled={sending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
