/**
 * /navigate/$trailId (requirements §voice-2.1 "Navigation for a trail"):
 * follows a trail's path, a recorded trip or an imported track (the id may be a trip's), with
 * distance done and remaining, the next turn cue, off-route alarm and back-on-route notice,
 * waypoint approach, quarter-mile and mile notices, spoken (rate 0.95, US English) when speech is
 * on and felt through the haptics machine. A trail with a line (`path`) is followed
 * exactly like an imported track; one without gets straight-line guidance to its trailhead, and
 * a trail system lists its segments that have lines. A trail closed today by its season asks
 * first (go on anyway or go back). Under the guidance, the offline map with the route, the
 * rider's arrow and follow mode (navigation-map.tsx). Works fully offline: the trail, trip and
 * track all come from the device, the map from the downloaded regions.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Trail } from '../../schemas/trails.ts';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { ArrowLeft, Compass, Navigation, TriangleAlert, Volume2, VolumeX } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTrail, useTrails } from '../db-react/hooks.ts';
import { useOptionalDatabase } from '../db-react/provider.tsx';
import { recordFeatureUse } from '../db/usage-queue.ts';
import {
  usePromotedId,
  useTrackPoints,
  useTrip,
  useTripWaypoints,
} from '../db-react/trip-hooks.ts';
import { METERS_PER_MILE } from '../lib/geo/track-stats.ts';
import { seasonStatus } from '../lib/trail-season.ts';
import type { GuidanceState, NavigationTarget } from '../machines/navigation-cues.ts';
import { compassWord, spokenDistance, trailNavigationTarget } from '../machines/navigation-cues.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { formatAccuracy, formatMiles } from './ride-format.ts';
import { NavigationMap } from './navigation-map.tsx';
import {
  followTarget,
  navigationPageView,
  type FollowedTarget,
  type FoundTarget,
} from './followed-target.ts';
import { ClosedTrailWarning, TrailheadGuidanceNote } from './trail-navigation-notes.tsx';
import { useHaptics } from './use-haptics.ts';
import { useNavigationActor } from './use-navigation-actor.ts';
import {
  useNavigationContextRecord,
  type NavigationSubject,
} from './use-navigation-context-record.ts';
import './ride.css';

const navigateRoute = getRouteApi('/navigate/$trailId');

/** Replaces a promoted temp- id in the address by the server id, without a new history entry. */
function usePromotedAddress(id: string): string | null {
  const navigate = useNavigate();
  const { promotedId } = usePromotedId(id);
  useEffect(() => {
    if (promotedId) {
      void navigate({ to: '/navigate/$trailId', params: { trailId: promotedId }, replace: true });
    }
  }, [navigate, promotedId]);
  return promotedId;
}

/**
 * What the id names on this device: a trail (its line or trailhead, via trailNavigationTarget)
 * or a trip with at least two points followed as a route with its waypoints; null otherwise.
 */
function useNavigationTarget(id: string) {
  const { trail, isLoading: trailLoading } = useTrail(id);
  const { trip, isLoading: tripLoading } = useTrip(id);
  const { points, isLoading: pointsLoading } = useTrackPoints(id);
  const { waypoints } = useTripWaypoints(id);
  const target = useMemo<NavigationTarget | null>(() => {
    if (trail) return trailNavigationTarget(trail);
    if (trip && points.length >= 2) {
      return {
        kind: 'route',
        name: trip.name,
        coordinates: points.map((point) => [point[0], point[1]]),
        waypoints: waypoints.map((waypoint) => ({
          name: waypoint.name,
          longitude: waypoint.longitude,
          latitude: waypoint.latitude,
        })),
      };
    }
    return null;
  }, [trail, trip, points, waypoints]);
  const loading = trailLoading || tripLoading || (trip !== null && pointsLoading);
  return { trail, trip, target, loading };
}

/**
 * The route guidance follows (followTarget), kept in state across renders: adjusted during
 * render, React's pattern for values derived from earlier renders.
 */
function useFollowedTarget(
  id: string,
  promotedId: string | null,
  found: FoundTarget,
): FollowedTarget | null {
  const [followed, setFollowed] = useState<FollowedTarget | null>(null);
  const next = followTarget(followed, id, promotedId, found);
  if (next !== followed) setFollowed(next);
  return next;
}

/** No trail or trip with this id on the device (or a trip without a track). */
function NothingToNavigate({ tripFound }: { tripFound: boolean }) {
  return (
    <div className="ride-page">
      <h1>Nothing to navigate</h1>
      <p className="ride-muted">
        No trail or trip with this id is on this device
        {tripFound ? ', or the trip has no track' : ''}.
      </p>
      <Link className="button" to="/ai-trails">
        <ArrowLeft size={18} aria-hidden="true" /> Choose a trail
      </Link>
    </div>
  );
}

/**
 * The navigation page for a trail id or trip id. A trip's temp- id that the sync engine promotes
 * is replaced by the server id (no new history entry) without restarting guidance.
 */
export function NavigatePage() {
  const { trailId } = navigateRoute.useParams();
  const promotedId = usePromotedAddress(trailId);
  const found = useNavigationTarget(trailId);
  const { trail, trip, target } = found;
  const segments = useSegmentsWithLines(trailId, Boolean(trail) && !trail?.path);
  useHaptics();

  const name = trail?.name ?? trip?.name ?? 'Trail';
  usePageMeta({
    title: `Navigate ${name}`,
    description: `Turn-by-turn guidance for ${name} with off-route alerts, working offline.`,
    keywords: ['navigation', 'GPS', 'off-route alert', name],
    path: `/navigate/${trailId}`,
  });
  const view = navigationPageView(useFollowedTarget(trailId, promotedId, found), found.loading);
  if (view.show === 'loading') {
    return (
      <div className="ride-page">
        <Spinner label="Loading the route…" />
      </div>
    );
  }
  if (view.show === 'nothing') return <NothingToNavigate tripFound={trip !== null} />;
  const { followed } = view;
  // The gate is keyed per trail (its warning is asked again for each trail) but per followed
  // route for a trip; with the navigator's key it keeps one guidance running while a temp- trip
  // is promoted to its server id and the new id's reads answer one by one.
  return (
    <ClosedTrailGate key={trail ? `trail:${trailId}` : followed.key} trail={trail}>
      <Navigator
        key={followed.key}
        target={target ?? followed.target}
        backTo={trail ? trailId : null}
        subject={trail ? { trailId } : { tripId: trailId }}
        segments={segments}
      />
    </ClosedTrailGate>
  );
}

/**
 * Shows the closed-trail warning instead of `children` (the navigator, whose GPS watch starts
 * on mount) while the trail is closed today by its season, or likely closed by a reported,
 * unconfirmed one, and the rider has not chosen to go on.
 */
function ClosedTrailGate({ trail, children }: { trail: Trail | null; children: ReactNode }) {
  const [proceeded, setProceeded] = useState(false);
  const status = useMemo(() => (trail ? seasonStatus(trail, new Date()) : null), [trail]);
  if (!trail || proceeded || (status?.state !== 'closed' && status?.state !== 'likelyClosed')) {
    return children;
  }
  return (
    <ClosedTrailWarning
      trail={trail}
      opensOn={status.opensOn}
      source={status.source}
      reportedAs={status.state === 'likelyClosed' ? status.reportedAs : null}
      onProceed={() => setProceeded(true)}
    />
  );
}

/** A trail system's segments that have their own line (schemas/trails.ts `systemId`), by name. */
function useSegmentsWithLines(systemId: string, enabled: boolean): Trail[] {
  const { trails } = useTrails();
  return useMemo(
    () =>
      enabled
        ? trails
            .filter((candidate) => candidate.systemId === systemId && candidate.path)
            .sort((a, b) => a.name.localeCompare(b.name, 'en-US', { numeric: true }))
        : [],
    [trails, systemId, enabled],
  );
}

/** The navigation actor's snapshot, as the guidance views read it. */
type NavigationSnapshot = ReturnType<ReturnType<typeof useNavigationActor>['getSnapshot']>;

/** Back to the trail page (`backTo`, a trail id) or to all trips, then the target's name. */
function NavigatorHeader({
  target,
  backTo,
  segments,
}: {
  target: NavigationTarget;
  backTo: string | null;
  segments: readonly Trail[];
}) {
  return (
    <>
      {backTo ? (
        <Link className="ride-back" to="/map/$trailId" params={{ trailId: backTo }}>
          <ArrowLeft size={18} aria-hidden="true" /> Trail details
        </Link>
      ) : (
        <Link className="ride-back" to="/record">
          <ArrowLeft size={18} aria-hidden="true" /> All trips
        </Link>
      )}
      <header className="ride-header">
        <p className="eyebrow">
          <Navigation size={14} aria-hidden="true" /> Navigate
        </p>
        <h1>{target.name}</h1>
        {target.kind === 'point' ? (
          <TrailheadGuidanceNote approximate={target.approximate} segments={segments} />
        ) : null}
      </header>
    </>
  );
}

/** The GPS error, the off-route alarm with the distance to the trail, or the last notice. */
function GuidanceAlerts({ snapshot }: { snapshot: NavigationSnapshot }) {
  const { guidance, lastNotice, gpsError } = snapshot.context;
  const offRoute = snapshot.matches({ following: 'offRoute' });
  return (
    <>
      {gpsError ? (
        <p role="alert" className="ride-alert ride-alert--danger">
          {gpsError}
        </p>
      ) : null}
      {offRoute ? (
        <p role="alert" className="ride-alert ride-alert--danger nav-offroute">
          <TriangleAlert size={22} aria-hidden="true" /> Off route:{' '}
          {guidance.offRouteMeters !== null ? spokenDistance(guidance.offRouteMeters) : ''} from the
          trail
          {guidance.bearingToRouteDegrees !== null
            ? `, head ${compassWord(guidance.bearingToRouteDegrees)} (${Math.round(guidance.bearingToRouteDegrees)}°) to rejoin it`
            : ''}
        </p>
      ) : null}
      {lastNotice && !offRoute ? (
        <p className="ride-alert ride-alert--info" role="status" aria-live="polite">
          {lastNotice.text}
        </p>
      ) : null}
    </>
  );
}

/**
 * Along a route: miles ridden and remaining in the direction of travel, and the next turn cue
 * (or arrival). The cue is hidden while off route: it belongs to the line, not to where the
 * rider is, and the off-route alert says the way back.
 */
function RouteStats({
  guidance,
  arrived,
  offRoute,
}: {
  guidance: GuidanceState;
  arrived: boolean;
  offRoute: boolean;
}) {
  return (
    <>
      <Stat label="Done" value={formatMiles(guidance.doneMeters / METERS_PER_MILE)} large />
      <Stat
        label="Remaining"
        value={formatMiles((guidance.remainingMeters ?? 0) / METERS_PER_MILE)}
        large
      />
      {offRoute ? null : (
        <Stat
          label="Next cue"
          value={
            arrived
              ? 'Arrived'
              : guidance.nextCue && guidance.distanceToNextCueMeters !== null
                ? `${guidance.nextCue.severity} ${guidance.nextCue.direction} in ${spokenDistance(guidance.distanceToNextCueMeters)}`
                : guidance.direction === null
                  ? 'Start riding along the trail'
                  : 'Continue to the end'
          }
        />
      )}
    </>
  );
}

/** To a trailhead point: straight-line miles, bearing (degrees and compass word), status. */
function PointStats({ guidance, arrived }: { guidance: GuidanceState; arrived: boolean }) {
  return (
    <>
      <Stat
        label="To trailhead"
        value={formatMiles((guidance.distanceToTargetMeters ?? 0) / METERS_PER_MILE)}
        large
      />
      <Stat
        label="Bearing"
        value={
          guidance.bearingToTargetDegrees !== null
            ? `${Math.round(guidance.bearingToTargetDegrees)}° ${compassWord(guidance.bearingToTargetDegrees)}`
            : '—'
        }
        large
      />
      <Stat label="Status" value={arrived ? 'Arrived' : 'Heading there'} />
    </>
  );
}

/** The guidance figures and, for a point target, an arrow along the bearing from true north. */
function GuidanceCard({
  target,
  snapshot,
}: {
  target: NavigationTarget;
  snapshot: NavigationSnapshot;
}) {
  const { guidance, accuracyMeters } = snapshot.context;
  const arrived = snapshot.matches('arrived');
  return (
    <section className="ride-card" aria-label="Guidance">
      <dl className="ride-stats">
        {target.kind === 'route' ? (
          <RouteStats
            guidance={guidance}
            arrived={arrived}
            offRoute={snapshot.matches({ following: 'offRoute' })}
          />
        ) : (
          <PointStats guidance={guidance} arrived={arrived} />
        )}
        <Stat label="GPS accuracy" value={formatAccuracy(accuracyMeters)} />
      </dl>
      {target.kind === 'point' && guidance.bearingToTargetDegrees !== null ? (
        <div className="nav-compass" aria-hidden="true">
          <Compass size={20} />
          <span
            className="nav-compass__arrow"
            style={{ transform: `rotate(${guidance.bearingToTargetDegrees}deg)` }}
          >
            ↑
          </span>
          <span>straight-line bearing from true north</span>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Counts one `navigation-started` per navigation actor (first-party usage counts:
 * count only, not the trail); a ref keeps StrictMode's second mount from counting twice.
 */
function useNavigationStartCount(actor: ReturnType<typeof useNavigationActor>) {
  const db = useOptionalDatabase();
  const counted = useRef<unknown>(null);
  useEffect(() => {
    if (!db || counted.current === actor) return;
    counted.current = actor;
    recordFeatureUse(db, 'navigation-started');
  }, [actor, db]);
}

/**
 * Guidance to `target` from the navigation actor (GPS watch, spoken and felt notices): header,
 * spoken-cues toggle, alerts, figures, then the map with the route and the rider's arrow.
 */
function Navigator({
  target,
  backTo,
  subject,
  segments = [],
}: {
  target: NavigationTarget;
  backTo: string | null;
  /** What is navigated, recorded in the trip context while guidance runs. */
  subject: NavigationSubject;
  segments?: readonly Trail[];
}) {
  const actor = useNavigationActor(target);
  useNavigationStartCount(actor);
  useNavigationContextRecord(subject, target);
  const snapshot = useSelector(actor, (current) => current);
  const { guidance, speechEnabled, riderHeading } = snapshot.context;

  return (
    <div className="ride-page">
      <NavigatorHeader target={target} backTo={backTo} segments={segments} />
      <div className="ride-actions">
        <Button
          className="button"
          aria-pressed={speechEnabled}
          onPress={() => actor.send({ type: 'navigation.toggleSpeech' })}
        >
          {speechEnabled ? (
            <Volume2 size={18} aria-hidden="true" />
          ) : (
            <VolumeX size={18} aria-hidden="true" />
          )}
          {speechEnabled ? 'Spoken cues on' : 'Spoken cues off'}
        </Button>
      </div>
      <GuidanceAlerts snapshot={snapshot} />
      {snapshot.matches('waiting') ? (
        <section className="ride-card">
          <Spinner label="Waiting for a GPS fix…" />
        </section>
      ) : (
        <GuidanceCard target={target} snapshot={snapshot} />
      )}
      <NavigationMap
        target={target}
        position={guidance.position}
        headingDegrees={riderHeading.headingDegrees}
      />
    </div>
  );
}

function Stat({ label, value, large = false }: { label: string; value: string; large?: boolean }) {
  return (
    <div className={`ride-stat${large ? ' ride-stat--large' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
