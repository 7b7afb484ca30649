/**
 * The trail-details fields of a submission: name, activities, difficulty, season and
 * notes, controlled, each with its label and its validation message under it. Used by the
 * rider's /submit-trail form and the admin's edit form on /admin/trail-review, so both ask the
 * same things the same way. Every control is at least var(--touch-target) tall.
 */
import {
  Checkbox,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { submissionTextLimits } from '../../schemas/trail-submissions.ts';
import { trailActivities, trailDifficulties, type TrailActivity } from '../../schemas/trails.ts';
import { activityLabel, difficultyLabel } from '../lib/trail-format.ts';
import type {
  SeasonChoice,
  TrailDetailsErrors,
  TrailDetailsValues,
} from '../lib/trail-submissions/trail-details.ts';
import './trail-details-fields.css';

/** Props: the values, a change callback and the messages to show (after a submit attempt). */
export interface TrailDetailsFieldsProps {
  values: TrailDetailsValues;
  onChange: (changes: Partial<TrailDetailsValues>) => void;
  errors: TrailDetailsErrors;
}

/** A month-day text field of the season window. */
function MonthDayField(props: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      className="trail-details__field"
      value={props.value}
      onChange={props.onChange}
      isInvalid={Boolean(props.error)}
      maxLength={5}
    >
      <Label>{props.label}</Label>
      <Input placeholder="MM-DD" inputMode="numeric" />
      <FieldError className="trail-details__error">{props.error}</FieldError>
    </TextField>
  );
}

/** Props of the season fields: the season part of the trail details. */
export interface SeasonFieldsProps {
  values: Pick<TrailDetailsValues, 'season' | 'openFrom' | 'openUntil'>;
  onChange: (
    changes: Partial<Pick<TrailDetailsValues, 'season' | 'openFrom' | 'openUntil'>>,
  ) => void;
  errors: Pick<TrailDetailsErrors, 'openFrom' | 'openUntil'>;
  /** Offer "Not sure" (a rider's submission); an admin's publication must say. Default true. */
  allowUnknown?: boolean;
}

/**
 * Season: unknown, all year, or a window with its two dates (MM-DD). Also the admin's trail
 * season publication (src/admin/seasons-page.tsx), without "Not sure".
 */
export function SeasonFields({ values, onChange, errors, allowUnknown = true }: SeasonFieldsProps) {
  return (
    <>
      <RadioGroup
        className="trail-details__field trail-details__choices"
        value={values.season}
        onChange={(value) => onChange({ season: value as SeasonChoice })}
        orientation="horizontal"
      >
        <Label>When is it open?</Label>
        {allowUnknown ? <Radio value="unknown">Not sure</Radio> : null}
        <Radio value="yearRound">All year</Radio>
        <Radio value="window">Between dates</Radio>
      </RadioGroup>
      {values.season === 'window' ? (
        <div className="trail-details__row">
          <MonthDayField
            label="Opens (MM-DD)"
            value={values.openFrom}
            error={errors.openFrom}
            onChange={(openFrom) => onChange({ openFrom })}
          />
          <MonthDayField
            label="Closes after (MM-DD)"
            value={values.openUntil}
            error={errors.openUntil}
            onChange={(openUntil) => onChange({ openUntil })}
          />
        </div>
      ) : null}
    </>
  );
}

/** The fields; render inside the page's form. */
export function TrailDetailsFields({ values, onChange, errors }: TrailDetailsFieldsProps) {
  return (
    <div className="trail-details">
      <TextField
        className="trail-details__field"
        value={values.name}
        onChange={(name) => onChange({ name })}
        isInvalid={Boolean(errors.name)}
        maxLength={submissionTextLimits.name}
      >
        <Label>Trail name</Label>
        <Input />
        <FieldError className="trail-details__error">{errors.name}</FieldError>
      </TextField>
      <CheckboxGroup
        className="trail-details__field trail-details__choices"
        value={values.activities}
        onChange={(activities) => onChange({ activities: activities as TrailActivity[] })}
        isInvalid={Boolean(errors.activities)}
      >
        <Label>Activities allowed</Label>
        {trailActivities.map((activity) => (
          <Checkbox key={activity} value={activity} className="trail-details__check">
            <span className="trail-details__box" aria-hidden="true" />
            {activityLabel(activity)}
          </Checkbox>
        ))}
        <FieldError className="trail-details__error">{errors.activities}</FieldError>
      </CheckboxGroup>
      <RadioGroup
        className="trail-details__field trail-details__choices"
        value={values.difficulty}
        onChange={(value) => onChange({ difficulty: value as TrailDetailsValues['difficulty'] })}
        orientation="horizontal"
      >
        <Label>Difficulty</Label>
        <Radio value="unknown">Not sure</Radio>
        {trailDifficulties.map((difficulty) => (
          <Radio key={difficulty} value={difficulty}>
            {difficultyLabel(difficulty)}
          </Radio>
        ))}
      </RadioGroup>
      <SeasonFields values={values} onChange={onChange} errors={errors} />
      <TextField
        className="trail-details__field"
        value={values.notes}
        onChange={(notes) => onChange({ notes })}
        isInvalid={Boolean(errors.notes)}
        maxLength={submissionTextLimits.notes}
      >
        <Label>Notes (optional)</Label>
        <Text slot="description">
          Surface, gates, parking, hazards: what another rider should know.
        </Text>
        <TextArea rows={3} />
        <FieldError className="trail-details__error">{errors.notes}</FieldError>
      </TextField>
    </div>
  );
}
