/**
 * Labels of a trail report's choices, as the form offers them and the report list shows them.
 */
import type {
  TrailCondition,
  TrailCrowding,
  TrailObservation,
} from '../../../schemas/trail-reports.ts';

export const conditionLabels: Readonly<Record<TrailCondition, string>> = {
  dry: 'Dry',
  wet: 'Wet',
  muddy: 'Muddy',
  snowy: 'Snowy',
  icy: 'Icy',
};

export const observationLabels: Readonly<Record<TrailObservation, string>> = {
  mud: 'Mud',
  'high-water': 'High water',
  'downed-tree': 'Downed tree',
  'rock-fall': 'Rock fall',
  washout: 'Washout',
  'gate-closed': 'Gate closed',
  'trail-damage': 'Trail damage',
  other: 'Other',
};

export const crowdingLabels: Readonly<Record<TrailCrowding, string>> = {
  empty: 'Empty',
  light: 'A few riders',
  busy: 'Busy',
};
