/**
 * What each style of the rider's map means (src/map/map-style.ts), in the colours of the map's
 * current variant: trail lines by vehicle class, published status and riders' reports,
 * trailheads by difficulty, campgrounds, WMAs, towns and water, and whether roads are on the map at all. Without an
 * operator road map (docs/operations.md) the map has no roads, and the legend says so plainly,
 * because a rider planning the drive to a trailhead must not assume a blank area has no road.
 */
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import type { ReactNode } from 'react';
import { BookOpen, Tent, Trees, type LucideIcon } from 'lucide-react';
import { palettes, type MapVariant, type Palette } from './map-style.ts';

/** Props of `MapLegend`. */
export interface MapLegendProps {
  variant: MapVariant;
  /** True when a downloaded or streamed archive carries the operator's road map. */
  hasRoadLayer: boolean;
}

/** The legend's text for roads: what the rider will and will not find on the map. */
export function roadsLegendText(hasRoadLayer: boolean): string {
  return hasRoadLayer
    ? 'Roads, places and land use come from the road map installed on this server (OpenStreetMap data).'
    : 'Roads are not on this map: this server has no road map installed. Use a road map or GPS to drive to the trailhead.';
}

function LineSwatch({ color, dash, casing }: { color: string; dash?: string; casing?: string }) {
  return (
    <svg className="map-legend-swatch" width="36" height="14" aria-hidden="true">
      {casing ? <line x1="2" y1="7" x2="34" y2="7" stroke={casing} strokeWidth="8" /> : null}
      <line x1="2" y1="7" x2="34" y2="7" stroke={color} strokeWidth="4" strokeDasharray={dash} />
    </svg>
  );
}

/** Round dots on a halo line: a trail line in a rider-reported status. */
function DottedLineSwatch({ color, halo }: { color: string; halo: string }) {
  return (
    <svg className="map-legend-swatch" width="36" height="14" aria-hidden="true">
      <line x1="5" y1="7" x2="31" y2="7" stroke={halo} strokeWidth="8" strokeLinecap="round" />
      <line
        x1="5"
        y1="7"
        x2="31"
        y2="7"
        stroke={color}
        strokeWidth="6"
        strokeLinecap="round"
        strokeDasharray="0 10"
      />
    </svg>
  );
}

function DotSwatch({ color, stroke }: { color: string; stroke: string }) {
  return (
    <svg className="map-legend-swatch" width="36" height="18" aria-hidden="true">
      <circle cx="18" cy="9" r="7" fill={color} stroke={stroke} strokeWidth="1.5" />
    </svg>
  );
}

function Entry({ swatch, text }: { swatch: ReactNode; text: string }) {
  return (
    <li>
      {swatch}
      <span>{text}</span>
    </li>
  );
}

interface LegendSection {
  title: string;
  entries: { swatch: ReactNode; text: string }[];
}

/** Trail lines by vehicle class and by status today. */
function trailLineSections(palette: Palette): LegendSection[] {
  const vehicle = palette.vehicle;
  const line = (color: string, dash?: string, casing?: string) => (
    <LineSwatch color={color} {...(dash ? { dash } : {})} {...(casing ? { casing } : {})} />
  );
  return [
    {
      title: 'Trail lines: who may ride them',
      entries: [
        { swatch: line(vehicle['4wd']), text: 'Open to vehicles over 50″ wide (full-size 4WD)' },
        { swatch: line(vehicle.atv), text: 'Open to vehicles 50″ wide or less (ATV class)' },
        { swatch: line(vehicle.motorcycle), text: 'Motorcycles only (single track)' },
        { swatch: line(vehicle.unknown), text: 'Vehicle classes not published' },
      ],
    },
    {
      title: 'Trail lines: open today?',
      entries: [
        { swatch: line(vehicle.atv), text: 'Solid: open by its published season' },
        {
          swatch: line(vehicle.atv, '9 3'),
          text: 'Long dashes: season not published or unconfirmed; check with the manager',
        },
        {
          swatch: line(vehicle.atv, '3 4', palette.closed),
          text: 'Short dashes on red: closed today by its season',
        },
      ],
    },
    {
      // Riders' reports of the last 14 days (src/map/trail-line-statuses.ts); All clear keeps
      // the line's published look.
      title: 'Trail lines: what riders report',
      entries: [
        {
          swatch: <DottedLineSwatch color={palette.closed} halo={palette.halo} />,
          text: 'Red dots: Closed (rider report, unconfirmed)',
        },
        {
          swatch: <DottedLineSwatch color={palette.someIssues} halo={palette.halo} />,
          text: 'Amber dots: Some issues (rider report, unconfirmed)',
        },
      ],
    },
  ];
}

/** Trailheads by difficulty, campgrounds, WMAs, water, county lines and the rider's tracks. */
function placeSection(palette: Palette): LegendSection {
  const dot = (color: string) => <DotSwatch color={color} stroke={palette.pointStroke} />;
  const icon = (Icon: LucideIcon, color: string) => (
    <Icon className="map-legend-swatch" size={18} color={color} aria-hidden="true" />
  );
  return {
    title: 'Places',
    entries: [
      { swatch: dot(palette.difficulty.easy), text: 'Trailhead: easy' },
      { swatch: dot(palette.difficulty.moderate), text: 'Trailhead: moderate' },
      { swatch: dot(palette.difficulty.hard), text: 'Trailhead: hard' },
      { swatch: dot(palette.difficulty.unknown), text: 'Trailhead: difficulty not published' },
      { swatch: icon(Tent, palette.campground), text: 'Campground' },
      {
        swatch: icon(Trees, palette.wma),
        text: 'Wildlife Management Area (WMA), approximate centre',
      },
      { swatch: <LineSwatch color={palette.river} />, text: 'Rivers and lakes' },
      { swatch: <LineSwatch color={palette.county} dash="6 4" />, text: 'County line' },
      {
        swatch: <LineSwatch color={palette.track} casing={palette.halo} />,
        text: 'Your trips and imported GPX tracks',
      },
    ],
  };
}

/** The legend's sections, in the variant's colours, and what it says of roads. */
function LegendContent({ variant, hasRoadLayer }: MapLegendProps) {
  const palette = palettes[variant];
  return (
    <>
      {[...trailLineSections(palette), placeSection(palette)].map((section) => (
        <section key={section.title}>
          <h3>{section.title}</h3>
          <ul>
            {section.entries.map((entry) => (
              <Entry key={entry.text} swatch={entry.swatch} text={entry.text} />
            ))}
          </ul>
        </section>
      ))}
      <h3>Roads</h3>
      <p>{roadsLegendText(hasRoadLayer)}</p>
    </>
  );
}

/** A "Legend" button on the map that opens the legend in a popover (Escape closes it). */
export function MapLegend(props: MapLegendProps) {
  return (
    <DialogTrigger>
      <Button className="map-legend-button" aria-label="Map legend">
        <BookOpen size={18} aria-hidden="true" />
        <span>Legend</span>
      </Button>
      <Popover className="map-legend-popover" placement="top start" offset={6}>
        <Dialog className="map-legend" aria-labelledby="map-legend-heading">
          <Heading slot="title" id="map-legend-heading">
            Map legend
          </Heading>
          <LegendContent {...props} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
