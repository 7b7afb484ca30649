/**
 * /admin/seasons (admins only, through the directory entry's roles and the root layout's
 * RoleGate): publish what the shipped data cannot know. A duck season's periods, limits and
 * shooting hours (every device shows it on the duck hunting guide after its next sync, offline
 * too), and a catalogue trail's season or closure (it replaces the trail's season in the public
 * catalogue, so cards, navigation's closed-trail warning and the planner use it). Each names its
 * source; the server dates it. Publishing needs a connection: offline the page says so.
 * Server calls follow the query policy (`<OnlineQueries>`, src/lib/http/query-client.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import {
  Button,
  ComboBox,
  FieldError,
  Form,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { CalendarCheck } from 'lucide-react';
import { format } from 'date-fns';
import type {
  DuckSeasonPublication,
  PublishedRegulation,
} from '../../schemas/published-regulations.ts';
import { useTrails } from '../db-react/hooks.ts';
import { HttpError } from '../lib/http/request.ts';
import { OnlineQueries } from '../lib/http/online-queries.tsx';
import { duckSeasonHeadline } from '../lib/hunting/duck-season.ts';
import {
  fetchPublishedRegulations,
  publishDuckSeason,
  publishTrailSeason,
  regulationsQueryKey,
} from '../lib/regulations/regulation-api.ts';
import { showToast } from '../lib/toast.ts';
import { isMonthDay, type SeasonChoice } from '../lib/trail-submissions/trail-details.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { SeasonFields } from '../ui/trail-details-fields.tsx';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import '../ui/info-page.css';
import './admin-tools.css';
import './trail-review.css';

/** The server's message of a refused request, or what to do when the network failed. */
function problemText(error: unknown): string {
  if (error instanceof HttpError) return error.message.replace(/^\d+: /, '');
  if (error instanceof TypeError) return 'No connection: try again with signal.';
  return error instanceof Error ? error.message : String(error);
}

/** One publication as the list shows it. */
function publicationText(regulation: PublishedRegulation): string {
  const when = format(regulation.publishedAt, 'MMM d, yyyy');
  if (regulation.kind === 'duck-season') {
    return `Duck season ${regulation.data.seasonLabel}: ${regulation.data.periods.length} periods, published ${when} by ${regulation.publishedBy} (source: ${regulation.data.source})`;
  }
  const { trailId, yearRound, openFrom, openUntil, source } = regulation.data;
  const window = yearRound ? 'open all year' : `open ${openFrom} to ${openUntil}`;
  return `Trail ${trailId}: ${window}, published ${when} by ${regulation.publishedBy} (source: ${source})`;
}

/** What this installation has published, newest first. */
function PublishedList({ online }: { online: boolean }) {
  const list = useQuery({
    queryKey: regulationsQueryKey,
    queryFn: fetchPublishedRegulations,
    enabled: online,
  });
  return (
    <section className="info-section" aria-labelledby="published-title">
      <h2 id="published-title">Published by this installation</h2>
      {!online && !list.data ? <p>Offline: the list loads when you have signal.</p> : null}
      {list.isError ? <p role="alert">{problemText(list.error)}</p> : null}
      {list.data && list.data.length === 0 ? <p>Nothing published yet.</p> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="trail-review__list">
          {list.data.map((regulation) => (
            <li key={regulation.id}>{publicationText(regulation)}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

interface PeriodRow {
  label: string;
  opens: string;
  closes: string;
}

/** The season's periods: name, first and last day each; one to eight of them. */
function PeriodFields({
  periods,
  setPeriods,
}: {
  periods: PeriodRow[];
  setPeriods: (update: (rows: PeriodRow[]) => PeriodRow[]) => void;
}) {
  const setPeriod = (index: number, changes: Partial<PeriodRow>) =>
    setPeriods((rows) => rows.map((row, at) => (at === index ? { ...row, ...changes } : row)));
  return (
    <>
      {periods.map((row, index) => (
        <fieldset key={index} className="trail-review__period">
          <legend>Period {index + 1}</legend>
          <TextField
            className="trail-details__field"
            value={row.label}
            onChange={(label) => setPeriod(index, { label })}
            isRequired
          >
            <Label>Name</Label>
            <Input placeholder="Split 1, Teal, Youth hunt" />
          </TextField>
          <TextField
            className="trail-details__field"
            value={row.opens}
            onChange={(opens) => setPeriod(index, { opens })}
            isRequired
          >
            <Label>Opens</Label>
            <Input type="date" />
          </TextField>
          <TextField
            className="trail-details__field"
            value={row.closes}
            onChange={(closes) => setPeriod(index, { closes })}
            isRequired
          >
            <Label>Closes (last day)</Label>
            <Input type="date" />
          </TextField>
          {periods.length > 1 ? (
            <Button
              className="button button--ghost"
              onPress={() => setPeriods((rows) => rows.filter((_, at) => at !== index))}
            >
              Remove period {index + 1}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {periods.length < 8 ? (
        <Button
          className="button"
          onPress={() =>
            setPeriods((rows) => [
              ...rows,
              { label: `Split ${rows.length + 1}`, opens: '', closes: '' },
            ])
          }
        >
          Add a period
        </Button>
      ) : null}
    </>
  );
}

/** The duck season form: periods, limits (one per line), shooting hours and source. */
function DuckSeasonForm({ online }: { online: boolean }) {
  const queryClient = useQueryClient();
  const [seasonLabel, setSeasonLabel] = useState(() => duckSeasonHeadline(new Date()).label);
  const [periods, setPeriods] = useState<PeriodRow[]>([
    { label: 'Split 1', opens: '', closes: '' },
  ]);
  const [limits, setLimits] = useState('');
  const [shootingHours, setShootingHours] = useState('');
  const [source, setSource] = useState('');
  const publish = useMutation({
    mutationFn: publishDuckSeason,
    onSuccess: (regulation) => {
      void queryClient.invalidateQueries({ queryKey: regulationsQueryKey });
      showToast({
        title: 'Duck season published',
        description: `${regulation.kind === 'duck-season' ? regulation.data.seasonLabel : ''} reaches every device at its next sync.`,
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const season: DuckSeasonPublication = {
      seasonLabel: seasonLabel.trim(),
      periods: periods.map((row) => ({ ...row, label: row.label.trim() })),
      limits: limits
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.length > 0),
      shootingHours: shootingHours.trim(),
      source: source.trim(),
    };
    publish.mutate(season);
  };
  return (
    <section className="info-section" aria-labelledby="duck-season-title">
      <h2 id="duck-season-title">Publish a duck season</h2>
      <Form className="trail-review__form" onSubmit={submit}>
        <TextField
          className="trail-details__field"
          value={seasonLabel}
          onChange={setSeasonLabel}
          isRequired
        >
          <Label>Season</Label>
          <Input placeholder="2026-27" />
          <Text slot="description">The season&apos;s two years, like 2026-27.</Text>
        </TextField>
        <PeriodFields periods={periods} setPeriods={setPeriods} />
        <TextField className="trail-details__field" value={limits} onChange={setLimits} isRequired>
          <Label>Limits, one per line</Label>
          <TextArea rows={4} placeholder="Daily limit 6 ducks; max 4 mallards (2 hens)" />
        </TextField>
        <TextField
          className="trail-details__field"
          value={shootingHours}
          onChange={setShootingHours}
          isRequired
        >
          <Label>Shooting hours</Label>
          <Input placeholder="30 minutes before sunrise to noon" />
        </TextField>
        <TextField className="trail-details__field" value={source} onChange={setSource} isRequired>
          <Label>Source</Label>
          <Input placeholder="AGFC 2026-27 Waterfowl Hunting Guidebook" />
          <Text slot="description">Riders see it next to the dates.</Text>
        </TextField>
        {publish.isError ? <p role="alert">{problemText(publish.error)}</p> : null}
        <Button
          type="submit"
          className="button button--primary"
          isDisabled={!online || publish.isPending}
        >
          {publish.isPending ? 'Publishing…' : 'Publish duck season'}
        </Button>
      </Form>
    </section>
  );
}

/** A catalogue trail, picked by typing part of its name. */
function TrailPicker({
  trailId,
  setTrailId,
  error,
}: {
  trailId: string | null;
  setTrailId: (trailId: string | null) => void;
  error: string | undefined;
}) {
  const { trails } = useTrails();
  const choices = useMemo(
    () =>
      trails
        .map((trail) => ({ id: trail.id, name: trail.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [trails],
  );
  return (
    <ComboBox
      className="trail-details__field"
      items={choices}
      selectedKey={trailId}
      onSelectionChange={(key) => setTrailId(key === null ? null : String(key))}
      isInvalid={Boolean(error)}
      menuTrigger="focus"
    >
      <Label>Trail</Label>
      <div className="trail-review__combo">
        <Input placeholder="Type a trail name" />
        <Button className="button" aria-label="Show trails">
          ▾
        </Button>
      </div>
      <FieldError className="trail-details__error">{error}</FieldError>
      <Popover className="trail-review__popover">
        <ListBox>
          {(item: { id: string; name: string }) => (
            <ListBoxItem id={item.id} className="trail-review__option">
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

type TrailSeasonValues = { season: SeasonChoice; openFrom: string; openUntil: string };

/** What keeps a trail season from being published, worded for the admin. */
function trailSeasonErrors(
  trailId: string | null,
  values: TrailSeasonValues,
): { openFrom?: string; openUntil?: string; trail?: string } {
  const window = values.season === 'window';
  return {
    ...(trailId ? {} : { trail: 'Choose a trail from the catalogue.' }),
    ...(window && !isMonthDay(values.openFrom)
      ? { openFrom: 'Enter the opening date as MM-DD, e.g. 04-01.' }
      : {}),
    ...(window && !isMonthDay(values.openUntil)
      ? { openUntil: 'Enter the closing date as MM-DD, e.g. 11-30.' }
      : {}),
  };
}

/** The trail season form: which catalogue trail, its season, and the source. */
function TrailSeasonForm({ online }: { online: boolean }) {
  const queryClient = useQueryClient();
  const [trailId, setTrailId] = useState<string | null>(null);
  const [values, setValues] = useState<TrailSeasonValues>({
    season: 'window',
    openFrom: '',
    openUntil: '',
  });
  const [source, setSource] = useState('');
  const [errors, setErrors] = useState<{ openFrom?: string; openUntil?: string; trail?: string }>(
    {},
  );
  const publish = useMutation({
    mutationFn: publishTrailSeason,
    onSuccess: ({ trail }) => {
      void queryClient.invalidateQueries({ queryKey: regulationsQueryKey });
      showToast({
        title: 'Trail season published',
        description: `${trail.name} changes on every device at its next sync.`,
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const window = values.season === 'window';
    const found = trailSeasonErrors(trailId, values);
    setErrors(found);
    if (Object.keys(found).length > 0 || !trailId) return;
    publish.mutate({
      trailId,
      yearRound: !window,
      openFrom: window ? values.openFrom : null,
      openUntil: window ? values.openUntil : null,
      source: source.trim(),
    });
  };
  return (
    <section className="info-section" aria-labelledby="trail-season-title">
      <h2 id="trail-season-title">Publish a trail season or closure</h2>
      <p>
        Replaces the season the shipped data gives the trail. A closure for the season is a window
        that opens after it ends.
      </p>
      <Form className="trail-review__form" onSubmit={submit}>
        <TrailPicker
          trailId={trailId}
          setTrailId={(picked) => {
            setTrailId(picked);
            setErrors(({ trail: _picked, ...others }) => others);
          }}
          error={errors.trail}
        />
        <SeasonFields
          values={values}
          onChange={(changes) => {
            setValues((current) => ({ ...current, ...changes }));
            // A corrected field is no longer marked invalid (which would block the next submit).
            setErrors(({ trail }) => (trail ? { trail } : {}));
          }}
          errors={errors}
          allowUnknown={false}
        />
        <TextField className="trail-details__field" value={source} onChange={setSource} isRequired>
          <Label>Source</Label>
          <Input placeholder="Mena-Oden Ranger District notice of 2026-11-20" />
          <Text slot="description">Riders see it with the season.</Text>
        </TextField>
        {publish.isError ? <p role="alert">{problemText(publish.error)}</p> : null}
        <Button
          type="submit"
          className="button button--primary"
          isDisabled={!online || publish.isPending}
        >
          {publish.isPending ? 'Publishing…' : 'Publish trail season'}
        </Button>
      </Form>
    </section>
  );
}

/** The /admin/seasons page. */
export function SeasonsPage() {
  usePageMeta({
    title: 'Seasons and Regulations',
    description:
      'Publish duck seasons and trail seasons for every device of this installation, with their source.',
    keywords: ['duck season', 'trail closure', 'regulations', 'admin'],
    path: '/admin/seasons',
  });
  const online = useOnlineStatus();
  return (
    <OnlineQueries>
      <article className="info-page admin-page trail-review" aria-labelledby="seasons-title">
        <header className="info-page__header">
          <p className="info-eyebrow">Admin</p>
          <h1 id="seasons-title">
            <CalendarCheck aria-hidden="true" size={28} /> Seasons and Regulations
          </h1>
          <p>
            What you publish here is dated and credited to this installation, and reaches every
            device at its next sync.
          </p>
          {online ? null : (
            <p role="status">Offline: publishing needs a connection. Nothing you type is lost.</p>
          )}
        </header>
        <PublishedList online={online} />
        <DuckSeasonForm online={online} />
        <TrailSeasonForm online={online} />
      </article>
    </OnlineQueries>
  );
}
