/**
 * Starting tire pressures by terrain for ATVs and UTVs, PSI (requirements §voice-9
 * safety advice: 8 PSI in mud, 10–12 on rocks, 6–8 in sand). Shown on /riding-techniques,
 * /garage and its maintenance reminders, always with the rule never to go below the tire's
 * printed minimum.
 */
export const TERRAIN_TIRE_PSI = [
  { terrain: 'Mud', psi: '8' },
  { terrain: 'Rocks', psi: '10–12' },
  { terrain: 'Sand', psi: '6–8' },
] as const;
