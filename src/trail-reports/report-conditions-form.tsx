/**
 * "Report conditions": a rider's report of a trail from the field (issue "Trail reports from the
 * field", "Filing, offline"): status, condition, what they saw, how busy, the expected reopening
 * when Closed, a note, where (the current fix or the tapped point) and which trail (the nearest
 * trail line within 200 m is suggested; none is allowed). Filed on this device at once, offline
 * too, and sent by the sync engine; the rider sees it as "Waiting to send" until then.
 */
import { useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  FieldError,
  Form,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import type { PhotoReference } from '../../schemas/photos.ts';
import {
  trailObservations,
  trailReportMaxPhotos,
  trailReportNoteMaxLength,
  trailReportStatuses,
  type TrailCondition,
  type TrailCrowding,
  type TrailObservation,
  type TrailReport,
  type TrailReportStatus,
} from '../../schemas/trail-reports.ts';
import type { Trail } from '../../schemas/trails.ts';
import { fileTrailReport } from '../db/trail-reports.ts';
import { showToast } from '../lib/toast.ts';
import { PhotoAttachField, queuePhotoUploads } from '../photos/index.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { suggestNearestTrail } from '../lib/trail-reports/nearest-trail.ts';
import {
  conditionLabels,
  crowdingLabels,
  observationLabels,
} from '../lib/trail-reports/report-words.ts';
import { trailReportStatusLabel } from '../lib/trail-reports/trail-status.ts';
import '../ui/trail-details-fields.css';
import './trail-reports.css';

/** A place the report may be filed at, with how the rider knows it. */
export interface ReportPlace {
  /** "Your position (GPS, ±8 m)", "The point you pressed on the map". */
  label: string;
  /** [longitude, latitude], degrees. */
  position: [number, number];
}

/** The trails the form suggests from: id, name and line. */
export type SuggestableTrail = Pick<Trail, 'id' | 'name' | 'path' | 'longitude' | 'latitude'>;

export interface ReportConditionsFormProps {
  /** The signed-in rider filing the report. */
  userId: string;
  /** Where it may be filed, first one chosen; the form needs at least one. */
  places: readonly ReportPlace[];
  /** The trail the rider came from (its page), chosen first; null from the map or a ride. */
  trail: SuggestableTrail | null;
  /** The trails on the device, for the nearest-line suggestion. */
  trails: readonly SuggestableTrail[];
  /** Called with the stored report once filed. */
  onFiled: (report: TrailReport) => void;
  onCancel: () => void;
  /** The time of the sighting, epoch ms (default: when the form opened). */
  now?: number;
}

const noTrail = 'none';

/** What the rider has entered so far. */
interface Draft {
  status: TrailReportStatus | null;
  condition: TrailCondition | null;
  observations: TrailObservation[];
  crowding: TrailCrowding | null;
  expectedReopening: string;
  note: string;
}

const emptyDraft: Draft = {
  status: null,
  condition: null,
  observations: [],
  crowding: null,
  expectedReopening: '',
  note: '',
};

/** The trails offered: the page's trail, then the nearest line within 200 m of `place`. */
function useTrailChoices(props: ReportConditionsFormProps, place: ReportPlace) {
  const { trail, trails } = props;
  return useMemo(() => {
    const suggestion = suggestNearestTrail(place.position, trails);
    const choices: { id: string; label: string }[] = [];
    if (trail) choices.push({ id: trail.id, label: trail.name });
    if (suggestion && suggestion.trail.id !== trail?.id) {
      choices.push({
        id: suggestion.trail.id,
        label: `${suggestion.trail.name} (nearest trail, ${Math.round(suggestion.distanceMetres)} m away)`,
      });
    }
    return choices;
  }, [trail, trails, place]);
}

/** The first problem of `draft` to show after a submit attempt, by field. */
function draftErrors(draft: Draft) {
  return {
    status: draft.status === null ? 'Choose how the trail is.' : undefined,
    expectedReopening:
      draft.status === 'closed' &&
      draft.expectedReopening !== '' &&
      !isDate(draft.expectedReopening)
        ? 'Give the date as YYYY-MM-DD, or leave it empty.'
        : undefined,
  };
}

/** What the draft says of the trail, once a status is chosen. */
function reportOfDraft(draft: Draft, status: TrailReportStatus) {
  return {
    status,
    condition: draft.condition,
    observations: draft.observations,
    crowding: draft.crowding,
    expectedReopening:
      status === 'closed' && draft.expectedReopening ? draft.expectedReopening : null,
    note: draft.note,
  };
}

/**
 * Queues the upload of a filed report's photos: they go up on their own, resumable, once there
 * is signal. The report is stored either way; a failure here is told, never thrown.
 */
async function queueReportPhotos(report: TrailReport): Promise<void> {
  if (report.photos.length === 0) return;
  try {
    await queuePhotoUploads(report.photos, { collection: 'trailReports', id: report.id });
  } catch (error) {
    showToast({
      title: `Your report is saved, but its photos could not be queued for sending: ${(error as Error).message}`,
      variant: 'destructive',
    });
  }
}

/** The report form; see the file comment. */
export function ReportConditionsForm(props: ReportConditionsFormProps) {
  const db = useDatabase();
  const [openedAt] = useState(() => props.now ?? Date.now());
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const change = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const [placeIndex, setPlaceIndex] = useState(0);
  const [photos, setPhotos] = useState<PhotoReference[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const place = props.places[placeIndex] ?? props.places[0]!;
  const trailChoices = useTrailChoices(props, place);
  const [chosenTrail, setChosenTrail] = useState<string | null>(null);
  const trailId = chosenTrail ?? trailChoices[0]?.id ?? noTrail;
  const errors = draftErrors(draft);

  const submit = async () => {
    setSubmitted(true);
    setFailure(null);
    if (draft.status === null || errors.expectedReopening) return;
    setSaving(true);
    try {
      const report = await fileTrailReport(db, props.userId, {
        ...reportOfDraft(draft, draft.status),
        trailId: trailId === noTrail ? null : trailId,
        position: { lon: place.position[0], lat: place.position[1] },
        photos,
        observedAt: openedAt,
      });
      await queueReportPhotos(report);
      props.onFiled(report);
    } catch (error) {
      setFailure(`The report was not saved: ${(error as Error).message}`);
      setSaving(false);
    }
  };

  return (
    <Form
      className="trail-details report-form"
      // The form's own messages, in the rider's words, rather than the browser's.
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <DraftFields draft={draft} change={change} errors={submitted ? errors : {}} />
      <PhotoAttachField
        value={photos}
        onChange={setPhotos}
        max={trailReportMaxPhotos}
        isDisabled={saving}
      />
      <PlaceField
        places={props.places}
        index={placeIndex}
        onChange={(index) => {
          setPlaceIndex(index);
          setChosenTrail(null);
        }}
      />
      <TrailField choices={trailChoices} value={trailId} onChange={setChosenTrail} />
      {failure ? (
        <p role="alert" className="trail-details__error">
          {failure}
        </p>
      ) : null}
      <div className="report-form__actions">
        <Button type="submit" className="button button--primary" isDisabled={saving}>
          File report
        </Button>
        <Button className="button" onPress={props.onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** Status, the expected reopening when Closed, ground, observations, how busy and the note. */
function DraftFields({
  draft,
  change,
  errors,
}: {
  draft: Draft;
  change: (changes: Partial<Draft>) => void;
  errors: Partial<ReturnType<typeof draftErrors>>;
}) {
  return (
    <>
      <RadioGroup
        className="trail-details__field trail-details__choices"
        value={draft.status}
        onChange={(value) => change({ status: value as TrailReportStatus })}
        isRequired
        isInvalid={Boolean(errors.status)}
      >
        <Label>How is the trail?</Label>
        {trailReportStatuses.map((value) => (
          <Radio key={value} value={value}>
            {trailReportStatusLabel(value)}
          </Radio>
        ))}
        <FieldError className="trail-details__error">{errors.status}</FieldError>
      </RadioGroup>
      {draft.status === 'closed' ? (
        <TextField
          className="trail-details__field"
          value={draft.expectedReopening}
          onChange={(expectedReopening) => change({ expectedReopening })}
          isInvalid={Boolean(errors.expectedReopening)}
        >
          <Label>Expected reopening (if posted)</Label>
          <Input type="date" />
          <Text slot="description">Only if a sign or the manager says so.</Text>
          <FieldError className="trail-details__error">{errors.expectedReopening}</FieldError>
        </TextField>
      ) : null}
      <ChoiceField
        label="Ground"
        labels={conditionLabels}
        value={draft.condition}
        onChange={(condition) => change({ condition })}
      />
      <CheckboxGroup
        className="trail-details__field trail-details__choices"
        value={draft.observations}
        onChange={(values) => change({ observations: values as TrailObservation[] })}
      >
        <Label>What did you see?</Label>
        {trailObservations.map((value) => (
          <Checkbox key={value} value={value} className="trail-details__check">
            <span className="trail-details__box" aria-hidden="true" />
            {observationLabels[value]}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <ChoiceField
        label="How busy?"
        labels={crowdingLabels}
        value={draft.crowding}
        onChange={(crowding) => change({ crowding })}
      />
      <TextField
        className="trail-details__field"
        value={draft.note}
        onChange={(note) => change({ note })}
        maxLength={trailReportNoteMaxLength}
      >
        <Label>Note</Label>
        <TextArea rows={3} />
        <Text slot="description">
          Where exactly, and what riders should know. Other riders see it with your report.
        </Text>
      </TextField>
    </>
  );
}

/** One optional choice as radios, "Not sure" first (null). */
function ChoiceField<Value extends string>({
  label,
  labels,
  value,
  onChange,
}: {
  label: string;
  labels: Readonly<Record<Value, string>>;
  value: Value | null;
  onChange: (value: Value | null) => void;
}) {
  return (
    <RadioGroup
      className="trail-details__field trail-details__choices"
      value={value ?? 'unknown'}
      onChange={(next) => onChange(next === 'unknown' ? null : (next as Value))}
      orientation="horizontal"
    >
      <Label>{label}</Label>
      <Radio value="unknown">Not sure</Radio>
      {(Object.keys(labels) as Value[]).map((option) => (
        <Radio key={option} value={option}>
          {labels[option]}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** Where the report is filed: a choice when there are several places, else the one said. */
function PlaceField({
  places,
  index,
  onChange,
}: {
  places: readonly ReportPlace[];
  index: number;
  onChange: (index: number) => void;
}) {
  if (places.length === 1) return <p className="report-form__place">Where: {places[0]!.label}</p>;
  return (
    <RadioGroup
      className="trail-details__field trail-details__choices"
      value={String(index)}
      onChange={(value) => onChange(Number(value))}
    >
      <Label>Where</Label>
      {places.map((option, optionIndex) => (
        <Radio key={option.label} value={String(optionIndex)}>
          {option.label}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** Which trail: the offered trails and "none". */
function TrailField({
  choices,
  value,
  onChange,
}: {
  choices: readonly { id: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <RadioGroup
      className="trail-details__field trail-details__choices"
      value={value}
      onChange={onChange}
    >
      <Label>Which trail</Label>
      {choices.map((choice) => (
        <Radio key={choice.id} value={choice.id}>
          {choice.label}
        </Radio>
      ))}
      <Radio value={noTrail}>
        {choices.length === 0 ? 'No trail within 200 m' : 'Not on a trail'}
      </Radio>
    </RadioGroup>
  );
}

/** True for a real calendar date YYYY-MM-DD. */
function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
