/**
 * Elevation profile of a track as an SVG area: distance along the track (miles) against
 * elevation (feet). Points without elevation are skipped; with fewer than two, the profile says
 * the track has no elevation data.
 */
import { useMemo } from 'react';
import { distanceMeters, FEET_PER_METER, METERS_PER_MILE } from '../lib/geo/track-stats.ts';

const width = 600;
const height = 160;

/** Profile of `points` ([lon, lat, elevation m | null, …]). */
export function ElevationProfile({
  points,
}: {
  points: readonly (readonly [number, number, number | null, ...unknown[]])[];
}) {
  const profile = useMemo(() => {
    const samples: { miles: number; feet: number }[] = [];
    let along = 0;
    const step = Math.max(1, Math.ceil(points.length / 1500));
    for (let index = 0; index < points.length; index += 1) {
      const point = points[index]!;
      if (index > 0) {
        const previous = points[index - 1]!;
        along += distanceMeters(
          { longitude: previous[0], latitude: previous[1] },
          { longitude: point[0], latitude: point[1] },
        );
      }
      if (point[2] !== null && (index % step === 0 || index === points.length - 1)) {
        samples.push({ miles: along / METERS_PER_MILE, feet: point[2] * FEET_PER_METER });
      }
    }
    if (samples.length < 2) return null;
    const minFeet = Math.min(...samples.map((sample) => sample.feet));
    const maxFeet = Math.max(...samples.map((sample) => sample.feet));
    const totalMiles = Math.max(samples[samples.length - 1]!.miles, 1e-6);
    const range = Math.max(maxFeet - minFeet, 10);
    const x = (miles: number) => 40 + (miles / totalMiles) * (width - 50);
    const y = (feet: number) => height - 24 - ((feet - minFeet) / range) * (height - 40);
    const line = samples.map(
      (sample) => `${x(sample.miles).toFixed(1)},${y(sample.feet).toFixed(1)}`,
    );
    const area = `${x(0).toFixed(1)},${height - 24} ${line.join(' ')} ${x(totalMiles).toFixed(1)},${height - 24}`;
    return { line: line.join(' '), area, minFeet, maxFeet, totalMiles };
  }, [points]);

  if (!profile) {
    return <p className="ride-muted">This track has no elevation data.</p>;
  }
  return (
    <svg
      className="elevation-profile"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Elevation profile from ${Math.round(profile.minFeet)} to ${Math.round(profile.maxFeet)} feet over ${profile.totalMiles.toFixed(2)} miles`}
    >
      <polygon className="elevation-profile__area" points={profile.area} />
      <polyline className="elevation-profile__line" points={profile.line} />
      <text x={4} y={18}>
        {Math.round(profile.maxFeet).toLocaleString('en-US')} ft
      </text>
      <text x={4} y={height - 28}>
        {Math.round(profile.minFeet).toLocaleString('en-US')} ft
      </text>
      <text x={width - 4} y={height - 6} textAnchor="end">
        {profile.totalMiles.toFixed(2)} mi
      </text>
      <text x={40} y={height - 6}>
        0 mi
      </text>
    </svg>
  );
}
