/**
 * Diagrams of the skills lessons, where a rider would rather look than read. Inline
 * SVG drawn in the theme's colours (currentColor and theme variables), so they follow the
 * high-contrast theme and need no network. Each has a text alternative and a caption.
 */
import type { ReactNode } from 'react';

/** Every diagram a lesson section can show. */
export type FigureKey =
  | 'hill-climb'
  | 'hill-descent'
  | 'attack-position'
  | 'lead-and-sweep'
  | 'compass-bearing'
  | 'contour-lines'
  | 'flood-depth'
  | 'stop-steps'
  | 'tclocs'
  | 'abc-check';

interface FigureDefinition {
  /** What the diagram shows, for screen readers. */
  alt: string;
  caption: string;
  drawing: ReactNode;
}

const line = {
  stroke: 'currentColor',
  strokeWidth: 4,
  strokeLinecap: 'round',
  fill: 'none',
} as const;
const accent = {
  stroke: 'var(--color-primary)',
  strokeWidth: 4,
  strokeLinecap: 'round',
  fill: 'none',
} as const;
const ground = { stroke: 'var(--color-text-muted)', strokeWidth: 3, fill: 'none' } as const;
const label = { fill: 'currentColor', fontSize: 14, fontFamily: 'inherit' } as const;

/** A rider on a machine, on a slope of `angle` degrees, leaning the body as `lean` says. */
function RiderOnSlope({ angle, lean }: { angle: number; lean: 'forward' | 'back' }) {
  const headX = lean === 'forward' ? 168 : 122;
  return (
    <g transform={`rotate(${-angle} 150 130)`}>
      <line x1="20" y1="150" x2="280" y2="150" {...ground} />
      <circle cx="105" cy="135" r="15" {...line} />
      <circle cx="195" cy="135" r="15" {...line} />
      <path d="M90 118 H210 L200 100 H110 Z" {...line} />
      <path d={`M150 100 L${headX - 5} 62`} {...accent} />
      <circle cx={headX} cy="48" r="12" {...accent} />
      <path d={`M${headX - 5} 70 L185 96`} {...accent} />
    </g>
  );
}

const figures: Record<FigureKey, FigureDefinition> = {
  'hill-climb': {
    alt: 'A rider climbing a slope leans the upper body forward, over the front wheels.',
    caption: 'Climbing: body forward and up the hill, steady throttle in a low gear.',
    drawing: (
      <>
        <RiderOnSlope angle={18} lean="forward" />
        <text x="200" y="30" {...label}>
          uphill →
        </text>
      </>
    ),
  },
  'hill-descent': {
    alt: 'A rider going down a slope keeps the weight back, toward the rear wheels.',
    caption: 'Descending: weight back, low gear, straight down the fall line, brake gently.',
    drawing: (
      <>
        <RiderOnSlope angle={-18} lean="back" />
        <text x="20" y="30" {...label}>
          ← downhill
        </text>
      </>
    ),
  },
  'attack-position': {
    alt: 'A standing rider with knees and elbows bent, head over the handlebar, eyes up.',
    caption: 'Attack position: stand, knees and elbows bent, head over the bar, look ahead.',
    drawing: (
      <>
        <line x1="20" y1="170" x2="280" y2="170" {...ground} />
        <circle cx="90" cy="150" r="20" {...line} />
        <circle cx="210" cy="150" r="20" {...line} />
        <path d="M90 150 L140 120 H185 L210 150 M185 120 L195 90" {...line} />
        <path d="M150 120 L140 95 L160 75" {...accent} />
        <path d="M160 75 L150 45" {...accent} />
        <circle cx="165" cy="32" r="12" {...accent} />
        <path d="M152 55 L175 70 L195 90" {...accent} />
        <path
          d="M180 20 L260 20"
          stroke="var(--color-text-muted)"
          strokeDasharray="6 6"
          strokeWidth={2}
        />
        <text x="200" y="14" {...label}>
          eyes up
        </text>
      </>
    ),
  },
  'lead-and-sweep': {
    alt: 'A line of riders on a trail: the leader in front, the sweep rider last, gaps between.',
    caption: 'Lead sets the pace, sweep rides last and never passes anyone; keep a gap.',
    drawing: (
      <>
        <path d="M10 120 C80 60 160 160 290 80" {...ground} />
        {[
          [40, 100, 'Sweep'],
          [110, 102, ''],
          [175, 112, ''],
          [250, 92, 'Lead'],
        ].map(([x, y, name]) => (
          <g key={`${x}`}>
            <circle
              cx={Number(x)}
              cy={Number(y)}
              r="12"
              fill={name ? 'var(--color-primary)' : 'currentColor'}
            />
            {name ? (
              <text x={Number(x) - 20} y={Number(y) + 34} {...label}>
                {name}
              </text>
            ) : null}
          </g>
        ))}
        <text x="110" y="40" {...label}>
          direction of travel →
        </text>
      </>
    ),
  },
  'compass-bearing': {
    alt: 'A baseplate compass on a map, the direction-of-travel arrow pointing at the destination.',
    caption:
      'Line the compass edge from you to the target, turn the dial to map north, then follow the arrow.',
    drawing: (
      <>
        <rect x="90" y="20" width="120" height="160" rx="10" {...line} />
        <circle cx="150" cy="120" r="42" {...line} />
        <path d="M150 82 L160 120 L150 158 L140 120 Z" fill="var(--color-danger)" />
        <path d="M150 70 V28 M140 40 L150 28 L160 40" {...accent} />
        <text x="215" y="40" {...label}>
          travel
        </text>
        <text x="140" y="76" {...label}>
          N
        </text>
      </>
    ),
  },
  'contour-lines': {
    alt: 'Contour lines close together on one side of a hill and far apart on the other.',
    caption: 'Close contour lines mean steep ground; wide gaps mean a gentle slope.',
    drawing: (
      <>
        {[70, 55, 40, 25].map((r, index) => (
          <ellipse
            key={r}
            cx={150 - index * 14}
            cy="100"
            rx={r * 1.8}
            ry={r}
            {...(index === 3 ? accent : line)}
            strokeWidth={2}
          />
        ))}
        <text x="10" y="190" {...label}>
          steep (lines close)
        </text>
        <text x="190" y="190" {...label}>
          gentle (lines apart)
        </text>
      </>
    ),
  },
  'flood-depth': {
    alt: 'Moving water six inches deep can knock a person down; twelve inches can float a car.',
    caption: 'Moving water: 6 in can knock you down, 12 in can carry off most cars (NWS).',
    drawing: (
      <>
        <path d="M0 150 Q40 140 80 150 T160 150 T240 150 T320 150" {...accent} />
        <rect x="0" y="150" width="300" height="50" fill="var(--color-primary)" opacity="0.25" />
        <circle cx="60" cy="70" r="10" {...line} />
        <path
          d="M60 80 V125 M60 125 L48 165 M60 125 L72 165 M60 95 L42 110 M60 95 L78 110"
          {...line}
        />
        <rect x="150" y="110" width="110" height="40" rx="8" {...line} />
        <circle cx="175" cy="155" r="12" {...line} />
        <circle cx="235" cy="155" r="12" {...line} />
        <text x="10" y="30" {...label}>
          Turn around, don&apos;t drown
        </text>
      </>
    ),
  },
  'stop-steps': {
    alt: 'Four steps in a row: Stop, Think, Observe, Plan.',
    caption: 'Lost or hurt? S.T.O.P.: Stop, Think, Observe, Plan, before you move.',
    drawing: (
      <>
        {['Stop', 'Think', 'Observe', 'Plan'].map((word, index) => (
          <g key={word}>
            <rect
              x={10 + index * 72}
              y="70"
              width="64"
              height="60"
              rx="10"
              {...(index === 0 ? accent : line)}
            />
            <text x={18 + index * 72} y="106" {...label}>
              {word}
            </text>
          </g>
        ))}
      </>
    ),
  },
  tclocs: {
    alt: 'Six checks: Tires and wheels, Controls, Lights and electrics, Oil and fluids, Chassis, Stands.',
    caption: 'T-CLOCS pre-ride check (Motorcycle Safety Foundation).',
    drawing: (
      <>
        {['T', 'C', 'L', 'O', 'C', 'S'].map((letter, index) => (
          <g key={`${letter}${index}`}>
            <circle cx={30 + index * 48} cy="100" r="20" {...(index % 2 ? line : accent)} />
            <text x={25 + index * 48} y="106" {...label}>
              {letter}
            </text>
          </g>
        ))}
      </>
    ),
  },
  'abc-check': {
    alt: 'A bicycle with three labels: A for air in the tyres, B for brakes, C for chain and cranks.',
    caption:
      'ABC Quick Check: Air, Brakes, Chain and cranks, then Quick releases and a Check ride.',
    drawing: (
      <>
        <circle cx="80" cy="130" r="40" {...line} />
        <circle cx="220" cy="130" r="40" {...line} />
        <path
          d="M80 130 L130 80 H200 L220 130 M130 80 L150 130 L200 80 M150 130 L80 130"
          {...line}
        />
        <text x="40" y="190" {...label}>
          A: air
        </text>
        <text x="190" y="60" {...label}>
          B: brakes
        </text>
        <text x="130" y="165" {...label}>
          C: chain
        </text>
      </>
    ),
  },
};

/** One diagram with its caption, scaled to the column width. */
export function LessonFigure({ figure }: { figure: FigureKey }) {
  const definition = figures[figure];
  return (
    <figure className="lesson-figure">
      <svg
        viewBox="0 0 300 200"
        role="img"
        aria-label={definition.alt}
        className="lesson-figure__svg"
      >
        {definition.drawing}
      </svg>
      <figcaption>{definition.caption}</figcaption>
    </figure>
  );
}
