/**
 * /map/$trailId: everything the catalogue knows about one trail (schemas/trails.ts), with its
 * sources, a save toggle, a directions link and a Copy coordinates button, and the offline map
 * centred on the trailhead. This file loads the trail and handles not-found and errors; the
 * facts and actions are trail-facts.tsx.
 */
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { MapPinOff } from 'lucide-react';
import { useCatalogueStatus, useSavedTrailIds, useTrail } from '../db-react/hooks.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { TrailErrorFallback } from '../ui/trail-error-fallback.tsx';
import { TrailFacts } from './trail-facts.tsx';
import { useServerTrail } from './server-trail.ts';
import { trailKindLabel } from './trail-format.ts';
import './explore.css';

const trailRoute = getRouteApi('/map/$trailId');

/**
 * The trail page. Unknown ids get a "Trail not found" page linking to /ai-trails; while a first
 * visit's trail list is still being stored, the trail as the server sends it (server-trail.ts),
 * or a spinner saying the list is arriving until then; a failure to load (a thrown
 * query, or no trail list on the device after a failed refresh or offline) gets the shared
 * TrailErrorFallback with a Retry.
 */
export function TrailDetailPage() {
  const { trailId } = trailRoute.useParams();
  return (
    <TrailLoadBoundary key={trailId}>
      <TrailDetail trailId={trailId} />
    </TrailLoadBoundary>
  );
}

interface BoundaryState {
  failed: boolean;
  attempt: number;
}

/** Catches a failed trail query and offers Retry, which re-mounts the page's queries. */
class TrailLoadBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Trail page failed to load', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="explore-page">
          <TrailErrorFallback
            onRetry={() =>
              this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }))
            }
          />
        </div>
      );
    }
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}

function TrailDetail({ trailId }: { trailId: string }) {
  const { trail, isLoading } = useTrail(trailId);
  const { savedTrailIds } = useSavedTrailIds();
  const catalogueStatus = useCatalogueStatus();
  const online = useOnlineStatus();
  const serverTrail = useServerTrail(
    trailId,
    !isLoading && trail === null && catalogueStatus.lastSyncedAt === null && online,
  );

  usePageMeta({
    title: trail ? `${trail.name}: Trail Map & Details` : isLoading ? 'Trail' : 'Trail not found',
    description: trail
      ? `${trail.name} (${trailKindLabel(trail.kind)}) in ${trail.county} County, Arkansas: activities, difficulty, length, fee, trailhead coordinates and sources.`
      : 'Arkansas trail details: activities, difficulty, length, fee, trailhead coordinates and sources.',
    keywords: trail
      ? [trail.name, `${trail.county} County`, trail.region, 'Arkansas trail']
      : ['Arkansas trail'],
    path: `/map/${trailId}`,
  });

  if (isLoading) {
    return (
      <div className="explore-page">
        <Spinner label="Loading trail…" />
      </div>
    );
  }

  if (!trail) {
    // Until the trail list has been stored once, "not found" would be a lie: on a first visit
    // (a shared link) the list is still arriving, and offline or after a failed refresh it
    // never came. Meanwhile the server may answer for this one trail.
    if (catalogueStatus.lastSyncedAt === null) {
      if (serverTrail.state === 'found') {
        return (
          <TrailFacts
            trail={serverTrail.trail}
            isSaved={savedTrailIds.includes(trailId)}
            fromServer
          />
        );
      }
      if (serverTrail.state === 'missing') return <TrailNotFound trailId={trailId} />;
      if (catalogueStatus.error || !online) {
        return (
          <div className="explore-page">
            <TrailErrorFallback onRetry={() => window.location.reload()} />
          </div>
        );
      }
      return (
        <div className="explore-page">
          <section className="empty-state empty-state--page">
            <h1>Getting the trail list</h1>
            <Spinner label="Saving the Arkansas trail list to this device. This trail opens as soon as it arrives." />
          </section>
        </div>
      );
    }
    return <TrailNotFound trailId={trailId} />;
  }

  return <TrailFacts trail={trail} isSaved={savedTrailIds.includes(trail.id)} />;
}

function TrailNotFound({ trailId }: { trailId: string }) {
  return (
    <div className="explore-page">
      <section className="empty-state empty-state--page" role="alert">
        <MapPinOff size={44} aria-hidden="true" className="empty-state__icon" />
        <h1>Trail not found</h1>
        <p>
          There is no trail with the id <code>{trailId}</code> in the trail list on this device. It
          may have been renamed or removed.
        </p>
        <Link to="/ai-trails" className="button button--primary">
          Browse trails
        </Link>
      </section>
    </div>
  );
}
