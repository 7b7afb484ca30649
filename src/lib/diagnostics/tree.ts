/**
 * The trail-side diagnostic decision tree (requirements §voice-4.1 vehicle
 * sub-intents: won't start — clicking, fuel, otherwise battery; overheating; belt, noise or
 * grinding). Pure data shared by the /diagnostic wizard and the voice assistant's offline
 * knowledge: a question node offers answers that lead to another node; every path ends in an
 * advice node. The figures from §voice-9 (cool the engine 15–20 minutes, CVT belt every 500 miles)
 * appear where they apply. The advice is our own general field-repair guidance for ATVs, UTVs
 * and side-by-sides; the owner's manual of the rider's model always takes precedence.
 */

/** One answer a rider can give to a question: `next` is the id of the node it leads to. */
export interface DiagnosticAnswer {
  /** Stable id, unique within its question (what `diagnose` takes). */
  id: string;
  label: string;
  next: string;
}

/** A question of the tree. */
export interface DiagnosticQuestion {
  kind: 'question';
  id: string;
  prompt: string;
  /** Optional hint shown under the prompt (what to look or listen for). */
  hint?: string;
  answers: readonly DiagnosticAnswer[];
}

/** A leaf of the tree: what is likely wrong and what to do about it. */
export interface DiagnosticAdvice {
  kind: 'advice';
  id: string;
  title: string;
  /** The likely causes, most likely first. */
  likelyCauses: readonly string[];
  /** What to do, in order. */
  steps: readonly string[];
  /** When to stop trying and get the vehicle hauled or repaired. */
  stopIf: string;
  /** A safety warning that applies before any step, if any. */
  warning?: string;
}

/** A node of the tree. */
export type DiagnosticNode = DiagnosticQuestion | DiagnosticAdvice;

/** Id of the first question. */
export const DIAGNOSTIC_ROOT_ID = 'symptom';

/** Minutes to let an overheated engine cool before opening anything (§voice-9 safety advice). */
export const ENGINE_COOL_DOWN_MINUTES = { min: 15, max: 20 } as const;

/** Miles between CVT belt changes (§voice-9 safety advice). */
export const CVT_BELT_CHANGE_MILES = 500;

const coolDown = `Shut the engine off and let it cool for ${ENGINE_COOL_DOWN_MINUTES.min}–${ENGINE_COOL_DOWN_MINUTES.max} minutes before you touch the engine, the radiator or the belt cover.`;

const nodes: readonly DiagnosticNode[] = [
  {
    kind: 'question',
    id: DIAGNOSTIC_ROOT_ID,
    prompt: 'What is the vehicle doing?',
    answers: [
      { id: 'wont-start', label: 'It won’t start', next: 'start-sound' },
      {
        id: 'overheating',
        label: 'It’s overheating or the temperature light is on',
        next: 'overheat-look',
      },
      {
        id: 'belt-noise',
        label: 'Belt trouble, a strange noise or grinding',
        next: 'noise-kind',
      },
    ],
  },
  // Won't start
  {
    kind: 'question',
    id: 'start-sound',
    prompt: 'What happens when you press the start button or turn the key?',
    hint: 'Put it in park or neutral and hold the brake first: many machines will not crank without both.',
    answers: [
      {
        id: 'clicking',
        label: 'A click or rapid clicking, the engine doesn’t turn',
        next: 'clicking',
      },
      { id: 'slow-crank', label: 'The engine turns over slowly', next: 'weak-battery' },
      { id: 'nothing', label: 'Nothing at all: no sound, no dash lights', next: 'no-power' },
      { id: 'cranks', label: 'The engine turns over normally but won’t fire', next: 'fuel-level' },
    ],
  },
  {
    kind: 'advice',
    id: 'clicking',
    title: 'Clicking: the starter isn’t getting enough current',
    likelyCauses: [
      'A loose or corroded battery terminal or ground strap',
      'A discharged battery (lights and accessories left on, a winch run hard)',
      'A sticking starter solenoid',
    ],
    steps: [
      'Turn off lights, winch and every accessory.',
      'Check both battery terminals: tighten them, and scrape off white or green corrosion with a knife or wire brush.',
      'Follow the black ground cable to the frame or engine and make sure that end is tight too.',
      'Try again. If it still clicks, jump-start from another vehicle’s 12-volt battery: red to red, then black to bare metal on the dead vehicle away from the battery.',
      'If a jump doesn’t help and the lights stay bright while it clicks, tap the starter solenoid body lightly with a tool handle and try once more.',
    ],
    stopIf:
      'it still only clicks with a good jump and clean terminals: the starter or solenoid needs replacing.',
  },
  {
    kind: 'advice',
    id: 'weak-battery',
    title: 'Slow cranking: a weak battery',
    likelyCauses: [
      'A battery drained by accessories or a long sit',
      'Cold weather (a cold battery delivers much less current)',
      'Dirty or loose terminals',
    ],
    steps: [
      'Switch off every accessory and wait a minute so the battery recovers a little.',
      'Clean and tighten both terminals and the ground strap.',
      'Crank in short bursts of no more than 5 seconds with 30 seconds of rest between them, so the starter doesn’t overheat.',
      'Jump-start from another 12-volt vehicle if you can, and let the engine run at least 20 minutes before you shut it off again.',
      'At home, charge the battery fully and have it load-tested; a battery that won’t hold a charge must be replaced.',
    ],
    stopIf: 'the engine still cranks slowly with a jump: the starter or its cables may be failing.',
  },
  {
    kind: 'advice',
    id: 'no-power',
    title: 'No power at all: an open circuit or a dead battery',
    likelyCauses: [
      'The kill switch (engine stop switch) is set to off',
      'A blown main fuse or a tripped circuit breaker',
      'A battery cable has come off, or the battery is completely dead',
    ],
    steps: [
      'Check the red kill switch on the handlebar or dash is set to run.',
      'Check the key is fully on and the transmission is in park or neutral, with the brake held.',
      'Open the battery cover: make sure both cables are attached and tight.',
      'Find the fuse box (the owner’s manual shows where) and look for a fuse with a broken strip; replace it with one of the same amp rating, never higher.',
      'If everything looks right, the battery is probably flat: jump-start it or charge it.',
    ],
    stopIf:
      'a new fuse blows at once: there is a short circuit, and more fuses won’t fix it. Disconnect the negative battery cable and get the wiring checked.',
  },
  {
    kind: 'question',
    id: 'fuel-level',
    prompt: 'Is there fuel in the tank?',
    hint: 'Don’t trust the gauge on a slope: open the cap and look, or rock the vehicle and listen.',
    answers: [
      { id: 'low', label: 'It’s empty, low, or I’m not sure', next: 'out-of-fuel' },
      { id: 'has-fuel', label: 'Yes, there’s plenty of fuel', next: 'fuel-history' },
    ],
  },
  {
    kind: 'advice',
    id: 'out-of-fuel',
    title: 'Out of fuel, or the pump can’t reach it',
    likelyCauses: ['The tank is empty', 'Low fuel on a steep slope, so the pickup sucks air'],
    steps: [
      'Park on level ground or point the nose downhill so the remaining fuel covers the pickup.',
      'Add fuel if you carry a spare can.',
      'Turn the key on for 3 seconds and off again, two or three times, to let a fuel-injected engine prime its pump before you crank.',
      'Crank in bursts of no more than 5 seconds.',
    ],
    stopIf: 'it won’t fire with fuel in the tank: go back and answer “plenty of fuel”.',
  },
  {
    kind: 'question',
    id: 'fuel-history',
    prompt: 'Did anything happen before it quit?',
    answers: [
      {
        id: 'water',
        label: 'We crossed deep water or it stalled in water',
        next: 'water-ingested',
      },
      { id: 'sat', label: 'It sat unused for a month or more', next: 'stale-fuel' },
      { id: 'none', label: 'Nothing special', next: 'no-fire' },
    ],
  },
  {
    kind: 'advice',
    id: 'water-ingested',
    title: 'Water may be in the engine',
    warning:
      'Do not keep cranking: water in a cylinder cannot be compressed and can bend a connecting rod.',
    likelyCauses: [
      'Water drawn in through the air intake',
      'Water in the CVT belt housing (the belt slips even if the engine runs)',
    ],
    steps: [
      'Push or winch the vehicle out of the water onto level ground.',
      'Open the air box: if the filter or box is wet, drain it, wring the filter out or dry it.',
      'Remove the spark plug(s) with the plug wrench from your tool kit, then crank for a few seconds: water spraying out of the plug hole means the engine took in water. Crank until no more comes out.',
      'Dry the plugs, refit them and try to start it.',
      'If your model has a CVT drain plug, open it to let water out of the belt housing; then ride slowly in low range for a few minutes so the belt dries.',
      'Change the engine oil as soon as you are home: milky oil means water got in.',
    ],
    stopIf:
      'the engine won’t turn over by hand or with the starter after the plugs are out: it may be damaged, so have it towed rather than forcing it.',
  },
  {
    kind: 'advice',
    id: 'stale-fuel',
    title: 'Stale fuel',
    likelyCauses: [
      'Fuel that has gone stale or absorbed water while the vehicle sat',
      'A gummed-up carburettor jet (carbureted models)',
    ],
    steps: [
      'Smell the fuel: stale fuel smells sour, like varnish.',
      'Drain the old fuel if you can and refill with fresh fuel.',
      'Prime a fuel-injected engine by turning the key on for 3 seconds and off again, two or three times.',
      'On a carbureted model, open the float bowl drain screw to flush old fuel out of the carburettor.',
      'Before the next long sit, add a fuel stabiliser and run the engine a few minutes to draw it through.',
    ],
    stopIf: 'it won’t start on fresh fuel: the carburettor or injectors need cleaning in a shop.',
  },
  {
    kind: 'advice',
    id: 'no-fire',
    title: 'Cranks but won’t fire: fuel delivery or spark',
    likelyCauses: [
      'A flooded engine (several long attempts with the throttle pressed)',
      'A blown fuel-pump or ignition fuse',
      'A fouled or wet spark plug',
      'A loose or wet connector after a wash or a water crossing',
    ],
    steps: [
      'Turn the key on and listen for the fuel pump humming for about 2 seconds. No hum: check the fuel-pump fuse and relay.',
      'If you smell a lot of fuel the engine is flooded: wait 10 minutes, then crank without touching the throttle.',
      'Pull a spark plug: a wet, black plug is fouled. Clean or replace it and check the gap.',
      'Unplug, dry and refit the connectors you can reach around the ignition coil and the fuel pump.',
    ],
    stopIf:
      'there is fuel-pump hum, a clean plug and still no fire: the fault needs a shop’s diagnostic tools.',
  },
  // Overheating
  {
    kind: 'question',
    id: 'overheat-look',
    prompt: 'Once the engine has cooled, what do you find?',
    hint: `${coolDown} Never open a hot radiator cap: the coolant is under pressure and can scald you.`,
    answers: [
      { id: 'mud', label: 'The radiator is packed with mud or leaves', next: 'radiator-blocked' },
      { id: 'coolant', label: 'Coolant is low, leaking or steaming', next: 'coolant-loss' },
      { id: 'fan', label: 'The cooling fan doesn’t run when it’s hot', next: 'fan-failed' },
      { id: 'none', label: 'None of these', next: 'overheat-load' },
    ],
  },
  {
    kind: 'advice',
    id: 'radiator-blocked',
    title: 'A blocked radiator',
    likelyCauses: ['Mud or leaves packed into the radiator fins, so no air flows through'],
    steps: [
      coolDown,
      'Rinse the radiator from the engine side outwards with water if you have it; otherwise pick mud out gently with a stick. Don’t bend the fins with a screwdriver.',
      'Check the coolant level in the overflow bottle once the engine is cold.',
      'Ride on in a lower gear at lower speed, and stop to cool again if the light comes back on.',
      'In deep mud, some riders fit a radiator relocation kit; until then, clean the radiator after every mud section.',
    ],
    stopIf:
      'the light comes back on within minutes on a clean radiator: check the fan and coolant.',
  },
  {
    kind: 'advice',
    id: 'coolant-loss',
    title: 'Coolant loss',
    warning: 'Never open a hot radiator cap: the coolant is under pressure and can scald you.',
    likelyCauses: [
      'A split or loose hose, or a loose hose clamp',
      'A radiator punctured by a stick or rock',
      'A failing radiator cap or water pump seal',
    ],
    steps: [
      coolDown,
      'Look for wet spots and drips along the hoses and under the radiator.',
      'Tighten a loose clamp. Wrap a small hose split tightly with self-fusing silicone tape or duct tape as a temporary fix.',
      'Once cold, top up with coolant, or clean water if that is all you have (drain and refill with proper coolant at home).',
      'Ride out slowly and watch the temperature light; stop and cool again whenever it comes on.',
    ],
    stopIf:
      'coolant pours out faster than you can add it, or white smoke comes from the exhaust (a possible head-gasket failure): don’t ride it.',
  },
  {
    kind: 'advice',
    id: 'fan-failed',
    title: 'The cooling fan doesn’t run',
    likelyCauses: [
      'A blown fan fuse',
      'A loose or muddy fan connector',
      'A failed fan relay or fan motor',
    ],
    steps: [
      coolDown,
      'Check the fan fuse in the fuse box and replace it with one of the same amp rating if it is blown.',
      'Unplug the fan connector, clean out mud and water, and plug it back in firmly.',
      'Spin the fan blade by hand with the engine off: if it is stuck, clear out the mud or stick jamming it.',
      'Some models have a fan override switch; the owner’s manual says whether yours does.',
      'Ride out slowly with frequent stops to cool; moving air through the radiator helps, idling does not.',
    ],
    stopIf: 'the fan still won’t run: the relay, temperature sensor or motor needs replacing.',
  },
  {
    kind: 'advice',
    id: 'overheat-load',
    title: 'Overheating from load',
    likelyCauses: [
      'Climbing, towing or crawling through mud for a long time in high range',
      'A low oil level',
      'Very hot weather at low speed',
    ],
    steps: [
      coolDown,
      'Check the engine oil level when it has cooled, and top up if low.',
      'Use low range for climbs, mud, towing and slow crawling: it keeps the engine revs up and the belt and engine cooler.',
      'Drive at a steady pace so air keeps flowing through the radiator.',
    ],
    stopIf:
      'it overheats again at an easy pace with a clean radiator, enough coolant and a working fan: get the thermostat and water pump checked.',
  },
  // Belt, noise or grinding
  {
    kind: 'question',
    id: 'noise-kind',
    prompt: 'What do you notice?',
    hint: `A CVT belt wears out: change it every ${CVT_BELT_CHANGE_MILES} miles of hard riding, or sooner if your owner’s manual says so.`,
    answers: [
      {
        id: 'slipping',
        label: 'Burning-rubber smell, or the engine revs but the vehicle barely moves',
        next: 'slip-conditions',
      },
      { id: 'squeal', label: 'A squeal or chirp from the belt side', next: 'belt-inspect' },
      {
        id: 'grinding-wheel',
        label: 'Grinding or clicking from a wheel or axle',
        next: 'wheel-turning',
      },
      { id: 'grinding-shift', label: 'Grinding when shifting gears', next: 'shift-grind' },
    ],
  },
  {
    kind: 'question',
    id: 'slip-conditions',
    prompt: 'Were you climbing, in mud, towing or crawling slowly in high range?',
    answers: [
      { id: 'yes', label: 'Yes', next: 'belt-overheated' },
      { id: 'no', label: 'No, it happened on easy ground', next: 'belt-worn' },
    ],
  },
  {
    kind: 'advice',
    id: 'belt-overheated',
    title: 'An overheated CVT belt',
    warning: 'The belt cover gets hot enough to burn: let it cool first.',
    likelyCauses: [
      'Slow, heavy work in high range glazes or melts the belt',
      'Water or mud in the belt housing',
    ],
    steps: [
      coolDown,
      'Shift into low range and use it for the rest of the ride on climbs, mud and slow ground.',
      'If your model has a CVT drain plug, open it to let out water.',
      'If you carry a spare belt and the tools, open the cover and look: a glazed (shiny), cracked or frayed belt should be replaced now.',
      `Change the CVT belt every ${CVT_BELT_CHANGE_MILES} miles of hard riding, or sooner if your owner’s manual says so.`,
    ],
    stopIf:
      'the belt is torn or missing chunks: replace it before riding on, or get the vehicle towed.',
  },
  {
    kind: 'advice',
    id: 'belt-worn',
    title: 'A worn CVT belt',
    likelyCauses: [
      'A belt at the end of its life (stretched or glazed)',
      'Water or dust in the belt housing',
    ],
    steps: [
      'Note the miles since the last belt change.',
      `Change the CVT belt every ${CVT_BELT_CHANGE_MILES} miles of hard riding, or sooner if your owner’s manual says so; carry a spare and the tool to fit it.`,
      'Open the belt housing when cool: a shiny, cracked, frayed or narrowed belt is worn.',
      'Blow out belt dust and dry any water before you close the cover.',
    ],
    stopIf: 'the belt is visibly damaged and you have no spare: ride out slowly in low range only.',
  },
  {
    kind: 'advice',
    id: 'belt-inspect',
    title: 'A squealing belt',
    likelyCauses: [
      'A wet belt after a water crossing',
      'A glazed or worn belt',
      'Dust or debris in the clutch housing',
    ],
    steps: [
      'If you just crossed water, ride slowly in low range for a few minutes: the squeal should stop as the belt dries.',
      'If it doesn’t, stop, let it cool and inspect the belt for glazing, cracks or fraying.',
      'Blow dust out of the housing if you can open it.',
      `Change the CVT belt every ${CVT_BELT_CHANGE_MILES} miles of hard riding, or sooner if your owner’s manual says so.`,
    ],
    stopIf:
      'you smell burning rubber or the vehicle loses drive: stop and treat it as a slipping belt.',
  },
  {
    kind: 'question',
    id: 'wheel-turning',
    prompt: 'Does the noise get louder when you turn?',
    answers: [
      { id: 'turning', label: 'Yes, mostly while turning', next: 'cv-joint' },
      { id: 'straight', label: 'No, it’s there going straight too', next: 'wheel-bearing' },
    ],
  },
  {
    kind: 'advice',
    id: 'cv-joint',
    title: 'A worn CV joint or torn CV boot',
    likelyCauses: ['A torn rubber CV boot let mud and water into the joint', 'A worn CV joint'],
    steps: [
      'Look behind each wheel at the rubber boots on the axle ends: grease sprayed around or a split boot means the joint is exposed.',
      'Wrap a torn boot with tape or a zip-tied bag to keep mud out until you are home.',
      'Ride out slowly, avoiding full-lock turns and hard acceleration.',
      'Replace the boot (and the axle if the joint clicks) before the next ride.',
    ],
    stopIf:
      'the axle shaft is bent or the joint clunks hard under power: it may break, so tow it out.',
  },
  {
    kind: 'advice',
    id: 'wheel-bearing',
    title: 'A wheel bearing or brake problem',
    likelyCauses: [
      'A worn wheel bearing (grinding or rumbling that rises with speed)',
      'A stone caught in a brake caliper, or worn-out brake pads',
      'A loose wheel',
    ],
    steps: [
      'Check the wheel nuts on every wheel and tighten any loose one.',
      'Lift the wheel if you can and rock it top to bottom: play or a rough feel when you spin it points to the bearing.',
      'Look into the brake caliper for a stone or a pad worn down to metal.',
      'Ride out slowly. Bearings get worse quickly once they start to grind.',
    ],
    stopIf:
      'the wheel wobbles visibly or the brakes grind metal on metal: don’t ride it further than you must.',
  },
  {
    kind: 'advice',
    id: 'shift-grind',
    title: 'Grinding when shifting',
    likelyCauses: [
      'Shifting while the vehicle is still rolling',
      'Engine idle too high, so the clutch still drives the belt',
      'A shift cable out of adjustment',
    ],
    steps: [
      'Come to a full stop and hold the brake before every shift between park, reverse, neutral, high and low.',
      'Let the engine return to idle before you shift.',
      'If it still grinds, the idle speed or the shift cable needs adjusting (the owner’s manual shows how).',
    ],
    stopIf: 'it jumps out of gear or won’t engage at all: the transmission needs a shop.',
  },
];

/** Every node of the tree, by id. */
export const DIAGNOSTIC_TREE: ReadonlyMap<string, DiagnosticNode> = new Map(
  nodes.map((node) => [node.id, node]),
);

/**
 * The advice a voice sub-intent leads to (§voice-4.1: won't start — clicking, fuel, otherwise
 * battery; overheating; belt, noise or grinding), so a spoken answer and the wizard agree.
 * Overheating and belt/noise start at their first question, since the cause needs asking.
 */
export const VOICE_SUB_INTENT_NODES = {
  clicking: 'clicking',
  fuel: 'fuel-level',
  battery: 'weak-battery',
  overheating: 'overheat-look',
  belt: 'noise-kind',
} as const;
