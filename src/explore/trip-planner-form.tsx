/**
 * The trip planner's form: where the trip starts (the rider's GPS
 * fix, a town of the search gazetteer, or a trail), the activity or vehicle, days (1–7),
 * difficulty, start date, the rider's daily trail miles, and whether they hunt. Every control
 * is a labelled react-aria-components control, keyboard operable; sizes follow the theme's
 * touch target (60 px in glove mode).
 */
import {
  Button,
  Checkbox,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  NumberField,
  Popover,
  Radio,
  RadioGroup,
  TextField,
} from 'react-aria-components';
import { ChevronDown } from 'lucide-react';
import type { TrailActivity, TrailDifficulty } from '../../schemas/trails.ts';
import { activityChips } from './activity-words.ts';

/** Where the trip starts, as the form holds it. */
export type StartKind = 'town' | 'trail' | 'fix';

/** The form's values. `townKey` and `trailId` are the chosen options (null: none yet). */
export interface PlannerFormValues {
  startKind: StartKind;
  townKey: string | null;
  trailId: string | null;
  activity: TrailActivity;
  days: number;
  difficulty: TrailDifficulty | 'any';
  startDate: string;
  dailyTrailMiles: number;
  hunting: boolean;
}

/** An option of the town or trail pickers. */
export interface PickerOption {
  id: string;
  label: string;
}

/** The activities and vehicles a trip can be planned for (the trail finder's chips, no hunting). */
export const plannerActivities = activityChips.filter(
  (chip): chip is (typeof activityChips)[number] & { id: TrailActivity } => chip.id !== 'hunting',
);

function Picker({
  label,
  options,
  selected,
  onSelect,
}: {
  label: string;
  options: readonly PickerOption[];
  selected: string | null;
  onSelect: (id: string | null) => void;
}) {
  return (
    <ComboBox
      className="planner-field planner-combobox"
      defaultItems={options}
      selectedKey={selected}
      onSelectionChange={(key) => onSelect(key === null ? null : String(key))}
      menuTrigger="focus"
    >
      <Label>{label}</Label>
      <div className="planner-combobox__control">
        <Input />
        <Button className="planner-combobox__button" aria-label={`Show ${label.toLowerCase()}`}>
          <ChevronDown size={20} aria-hidden="true" />
        </Button>
      </div>
      <Popover className="planner-popover">
        <ListBox<PickerOption> className="planner-listbox">
          {(option) => (
            <ListBoxItem className="planner-option" id={option.id} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

function StartFields({
  values,
  onChange,
  towns,
  trails,
}: {
  values: PlannerFormValues;
  onChange: (changes: Partial<PlannerFormValues>) => void;
  towns: readonly PickerOption[];
  trails: readonly PickerOption[];
}) {
  return (
    <fieldset className="planner-fieldset">
      <RadioGroup
        className="planner-field planner-radios"
        value={values.startKind}
        onChange={(value) => onChange({ startKind: value as StartKind })}
        orientation="horizontal"
      >
        <Label>Start from</Label>
        <Radio value="town">A town</Radio>
        <Radio value="trail">A trail</Radio>
        <Radio value="fix">My position (GPS)</Radio>
      </RadioGroup>
      {values.startKind === 'town' && (
        <Picker
          label="Town"
          options={towns}
          selected={values.townKey}
          onSelect={(townKey) => onChange({ townKey })}
        />
      )}
      {values.startKind === 'trail' && (
        <Picker
          label="Trail"
          options={trails}
          selected={values.trailId}
          onSelect={(trailId) => onChange({ trailId })}
        />
      )}
    </fieldset>
  );
}

function TripFields({
  values,
  onChange,
}: {
  values: PlannerFormValues;
  onChange: (changes: Partial<PlannerFormValues>) => void;
}) {
  return (
    <>
      <RadioGroup
        className="planner-field planner-radios"
        value={values.activity}
        onChange={(value) => onChange({ activity: value as TrailActivity })}
        orientation="horizontal"
      >
        <Label>Activity or vehicle</Label>
        {plannerActivities.map((chip) => (
          <Radio key={chip.id} value={chip.id}>
            {chip.label}
          </Radio>
        ))}
      </RadioGroup>
      <RadioGroup
        className="planner-field planner-radios"
        value={values.difficulty}
        onChange={(value) => onChange({ difficulty: value as PlannerFormValues['difficulty'] })}
        orientation="horizontal"
      >
        <Label>Difficulty</Label>
        <Radio value="any">Any</Radio>
        <Radio value="easy">Easy</Radio>
        <Radio value="moderate">Moderate</Radio>
        <Radio value="hard">Hard</Radio>
      </RadioGroup>
      <div className="planner-row">
        <NumberField
          className="planner-field"
          value={values.days}
          minValue={1}
          maxValue={7}
          onChange={(days) => onChange({ days: Number.isFinite(days) ? days : 1 })}
        >
          <Label>Days (1–7)</Label>
          <Input inputMode="numeric" />
        </NumberField>
        <TextField
          className="planner-field"
          value={values.startDate}
          onChange={(startDate) => onChange({ startDate })}
          isRequired
        >
          <Label>Start date</Label>
          <Input type="date" />
        </TextField>
        <NumberField
          className="planner-field"
          value={values.dailyTrailMiles}
          minValue={1}
          maxValue={200}
          onChange={(miles) => onChange({ dailyTrailMiles: Number.isFinite(miles) ? miles : 1 })}
        >
          <Label>Trail miles a day (your pace)</Label>
          <Input inputMode="numeric" />
        </NumberField>
      </div>
      <Checkbox
        className="planner-checkbox"
        isSelected={values.hunting}
        onChange={(hunting) => onChange({ hunting })}
      >
        <span className="planner-checkbox__box" aria-hidden="true" />I hunt too: add Wildlife
        Management Areas near each day
      </Checkbox>
    </>
  );
}

/** The planner form; `onSubmit` runs on the Plan my trip button (or Enter in a field). */
export function TripPlannerForm(props: {
  values: PlannerFormValues;
  onChange: (changes: Partial<PlannerFormValues>) => void;
  onSubmit: () => void;
  towns: readonly PickerOption[];
  trails: readonly PickerOption[];
  isBusy: boolean;
}) {
  return (
    <form
      className="planner-form card"
      aria-label="Plan a trip"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <StartFields {...props} />
      <TripFields values={props.values} onChange={props.onChange} />
      <Button type="submit" className="button button--primary" isDisabled={props.isBusy}>
        Plan my trip
      </Button>
    </form>
  );
}
