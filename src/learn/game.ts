/**
 * The trail safety game (/game): a run of trail scenarios, each with three choices
 * that score 10 (the safe call), 5 (risky but survivable) or 0 (dangerous) points and show
 * what happens next. The advice follows the lessons and their sources (NWS flood and lightning
 * guidance, ATV Safety Institute rules). Pure state, so it is tested without a browser.
 */

/** One choice of a scenario and its consequence. */
export interface GameChoice {
  label: string;
  points: 0 | 5 | 10;
  consequence: string;
}

/** One situation on the trail. */
export interface GameScenario {
  id: string;
  situation: string;
  choices: readonly GameChoice[];
}

export const gameScenarios: readonly GameScenario[] = [
  {
    id: 'thunder',
    situation:
      'You are 40 minutes from the trailhead on an Ozark ridge. Thunder rumbles to the west; you have not seen lightning yet.',
    choices: [
      {
        label: 'Head down off the ridge toward the truck now',
        points: 10,
        consequence:
          'Right call. When thunder roars, go indoors: a hard-topped vehicle is shelter, a ridge is the worst place to be.',
      },
      {
        label: 'Wait under the big oak until it passes',
        points: 0,
        consequence:
          'A lone tall tree on a ridge draws lightning. The NWS says no place outside is safe.',
      },
      {
        label: 'Keep riding the loop and watch for lightning',
        points: 5,
        consequence: 'You made it, but if you can hear thunder you are close enough to be struck.',
      },
    ],
  },
  {
    id: 'low-water',
    situation:
      'After a night of rain, brown water is running over the low-water crossing on the forest road. It looks about a foot deep.',
    choices: [
      {
        label: 'Cross slowly in low gear',
        points: 0,
        consequence:
          'Twelve inches of moving water can float most cars. You were swept against the rail.',
      },
      {
        label: 'Turn around and take the long way, or wait for it to drop',
        points: 10,
        consequence: 'Turn around, don’t drown. The water was back down by afternoon.',
      },
      {
        label: 'Walk in first to test the depth',
        points: 5,
        consequence:
          'Six inches of moving water can knock a person down. Never wade a flooded crossing.',
      },
    ],
  },
  {
    id: 'passenger',
    situation: 'Your friend’s kid asks for a ride on the back of your single-rider ATV.',
    choices: [
      {
        label: 'Say no: single-rider means one rider',
        points: 10,
        consequence:
          'Right. A passenger stops you from shifting your weight and makes the ATV unstable.',
      },
      {
        label: 'Yes, but only slowly around camp',
        points: 0,
        consequence:
          'Going slowly does not fix it: the rider still cannot shift their weight, and the ATV is unstable.',
      },
      {
        label: 'Yes, if they wear a helmet',
        points: 5,
        consequence: 'The helmet helps, but the ATV is still unstable with two aboard.',
      },
    ],
  },
  {
    id: 'stall',
    situation: 'You lose momentum and stall halfway up a steep, rocky hill.',
    choices: [
      {
        label: 'Set the brakes and dismount on the uphill side',
        points: 10,
        consequence: 'Safe. You walked the machine back down with a friend spotting.',
      },
      {
        label: 'Try to turn around on the hill',
        points: 0,
        consequence: 'Turning on a steep face is how machines roll. You jumped clear just in time.',
      },
      {
        label: 'Restart and give it full throttle',
        points: 5,
        consequence: 'The front lifted alarmingly. Stop, brakes on, get off uphill instead.',
      },
    ],
  },
  {
    id: 'junction',
    situation:
      'You are leading a group. At a junction you turn left, but the rider behind you is out of sight.',
    choices: [
      {
        label: 'Wait at the turn until the next rider sees you',
        points: 10,
        consequence: 'Everyone made the turn. The sweep arrived and the count was right.',
      },
      {
        label: 'Keep going: they will follow the tracks',
        points: 0,
        consequence: 'Two riders went straight and were lost for an hour with no signal.',
      },
      {
        label: 'Honk and carry on',
        points: 5,
        consequence: 'One rider heard; another did not. Wait at every turn.',
      },
    ],
  },
  {
    id: 'lost',
    situation:
      'Hiking back from a waterfall you realise nothing looks familiar. There is no signal and two hours of daylight left. Someone at home knows your route.',
    choices: [
      {
        label: 'Stop, think, check the downloaded map and GPS, then decide',
        points: 10,
        consequence: 'S.T.O.P. worked: the GPS showed the trail 200 yards away.',
      },
      {
        label: 'Walk faster downhill until you find a trail',
        points: 0,
        consequence: 'Downhill led into a steep hollow. Pressing on is how people get badly lost.',
      },
      {
        label: 'Stay put, build shelter and blow three whistle blasts',
        points: 5,
        consequence:
          'Safe, and searchers would know where to look. With a map and GPS you could have found the way yourself.',
      },
    ],
  },
  {
    id: 'winch',
    situation:
      'Your friend’s UTV is stuck. You are winching it out and a bystander steps closer to watch.',
    choices: [
      {
        label: 'Stop winching until everyone is well clear of the line',
        points: 10,
        consequence: 'Right. A snapped line whips along its length with deadly force.',
      },
      {
        label: 'Keep going, it is nearly out',
        points: 0,
        consequence: 'The strap tore at the tree and snapped back past the bystander.',
      },
      {
        label: 'Throw a jacket over the line and carry on',
        points: 5,
        consequence: 'A damper helps, but nobody should stand near a loaded line.',
      },
    ],
  },
  {
    id: 'crash',
    situation:
      'A rider ahead crashes and is not getting up. There is no phone signal. Four of you are in the group.',
    choices: [
      {
        label: 'Secure the scene, give first aid, and send two riders together to get help',
        points: 10,
        consequence: 'Help arrived with your exact location. Nobody rode out alone.',
      },
      {
        label: 'Lift them onto a machine and ride out',
        points: 0,
        consequence: 'Moving someone with a possible spine injury can make it worse.',
      },
      {
        label: 'Send the fastest rider out alone for help',
        points: 5,
        consequence: 'Help came, but a lone rider in a hurry is the next accident waiting.',
      },
    ],
  },
];

/** Most points a game can score. */
export const maxGameScore = gameScenarios.length * 10;

/** Where a game is: the scenario shown, the choices made so far and the score. */
export interface GameState {
  index: number;
  /** The chosen choice index per answered scenario. */
  picks: readonly number[];
  score: number;
  phase: 'choosing' | 'feedback' | 'finished';
}

export type GameAction =
  { type: 'choose'; choice: number } | { type: 'next' } | { type: 'restart' };

/** A new game at the first scenario. */
export const newGame: GameState = { index: 0, picks: [], score: 0, phase: 'choosing' };

/**
 * The next state: `choose` scores the current scenario and shows its consequence (ignored
 * unless choosing, or for a choice that does not exist), `next` moves on or finishes after the
 * last scenario, `restart` starts over.
 */
export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'restart':
      return newGame;
    case 'choose': {
      const scenario = gameScenarios[state.index];
      const choice = scenario?.choices[action.choice];
      if (state.phase !== 'choosing' || !choice) return state;
      return {
        ...state,
        picks: [...state.picks, action.choice],
        score: state.score + choice.points,
        phase: 'feedback',
      };
    }
    case 'next':
      if (state.phase !== 'feedback') return state;
      return state.index + 1 >= gameScenarios.length
        ? { ...state, phase: 'finished' }
        : { ...state, index: state.index + 1, phase: 'choosing' };
  }
}

/**
 * The order the choices of scenario `scenarioIndex` are shown in (indexes into its `choices`):
 * rotated per scenario so the safe call is not always in the same place.
 */
export function shownChoiceOrder(scenarioIndex: number, count: number): number[] {
  const rotation = (scenarioIndex * 2) % count;
  return Array.from({ length: count }, (_, position) => (position + rotation) % count);
}

/** A word for a final score: what the rider did, not a grade of the person. */
export function scoreVerdict(score: number): string {
  const share = score / maxGameScore;
  if (share >= 0.9) return 'Trail-ready: you made the safe call almost every time.';
  if (share >= 0.6)
    return 'Good instincts, with a few risky calls. Review the lessons they link to.';
  return 'Several dangerous calls. Read the Arkansas Skills lessons and play again.';
}
