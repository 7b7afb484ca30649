/**
 * Dirt-bike, bicycle and hiking lessons of /arkansas-skills (requirements §voice-2.1 subpages):
 * gear, maintenance and riding skills for dirt bikes, handling and upkeep for mountain bikes,
 * navigation and survival on foot. Rules and figures cite their source in `sources.ts`.
 */
import type { Lesson } from '../lesson-types.ts';
import { sources } from './sources.ts';

export const trailSportLessons: readonly Lesson[] = [
  {
    id: 'dirt-bike-safety-gear',
    title: 'Dirt Bike Safety Gear',
    summary: 'Choose, fit and look after the gear that protects you when you fall.',
    minutes: 4,
    sections: [
      {
        heading: 'Helmet first',
        paragraphs: [
          'Wear a full-face off-road helmet with a DOT label (it meets the federal standard FMVSS 218). On public roads Arkansas requires a helmet for riders under 21 (Arkansas Code § 27-20-104); off road, wear one on every ride at every age.',
          'It should fit snugly with no pressure points, not roll off when you push the back up, and the strap should allow no more than two fingers under the chin. Replace it after any crash where it took a hit; many makers also suggest replacing it about every five years.',
        ],
      },
      {
        heading: 'Eyes, hands and feet',
        points: [
          'Goggles: branches and roost (flying dirt) hit eyes hard',
          'Gloves: grip, and skin stays on your palms in a fall',
          'Tall motocross boots: ankles and shins take most off-road impacts',
        ],
        paragraphs: [],
      },
      {
        heading: 'Body armour',
        paragraphs: [
          'A chest protector or roost guard, knee guards or braces, and elbow guards turn many injuries into bruises. Long sleeves and pants protect against brush, heat and burns from the exhaust.',
        ],
      },
      {
        heading: 'Look after it',
        paragraphs: [
          'Clean helmet liners, let gear dry between rides, and check straps and buckles. Store helmets away from fuel, solvents and heat, which weaken the shell and liner.',
        ],
      },
    ],
    quiz: [
      {
        question: 'Which label shows a helmet meets the US federal standard?',
        choices: ['DOT (FMVSS 218)', 'CE', 'None is needed'],
        answer: 0,
        explanation: 'The DOT label certifies FMVSS 218.',
      },
      {
        question: 'After a crash where your helmet hit the ground, you…',
        choices: ['Keep using it if no cracks show', 'Replace it', 'Add padding'],
        answer: 1,
        explanation: 'The liner crushes once to absorb an impact; damage may not show.',
      },
      {
        question: 'Under Arkansas law, who must wear a helmet on a motorcycle on public roads?',
        choices: ['Riders under 21', 'Everyone', 'Nobody'],
        answer: 0,
        explanation: 'Arkansas Code § 27-20-104 requires headgear for riders under 21.',
      },
    ],
    sources: [sources.nhtsaHelmets, sources.arkansasMotorcycleCode, sources.msf],
  },
  {
    id: 'dirt-bike-maintenance',
    title: 'Dirt Bike Maintenance',
    summary: 'The checks and jobs that keep a dirt bike reliable miles from the trailhead.',
    minutes: 5,
    sections: [
      {
        heading: 'Before every ride: T-CLOCS',
        paragraphs: [
          'Tires and wheels, Controls, Lights and electrics, Oil and fluids, Chassis, Stands: the Motorcycle Safety Foundation’s checklist catches most trail breakdowns in the driveway.',
        ],
        figure: 'tclocs',
      },
      {
        heading: 'Air filter',
        paragraphs: [
          'Arkansas dust and chert grit wear an engine fast through a dirty filter. Clean and re-oil a foam filter after dusty rides, following your manual, and seal the airbox so no dirt gets around it.',
        ],
      },
      {
        heading: 'Chain and sprockets',
        paragraphs: [
          'Clean and lube the chain after wet or muddy rides. Set the slack to the figure in your manual, measured where the manual says: too tight wears bearings, too loose throws the chain. Hooked sprocket teeth mean replace chain and sprockets together.',
        ],
      },
      {
        heading: 'Oil, coolant and bolts',
        paragraphs: [
          'Change oil on the schedule in your manual (dirt bikes often need it far sooner than cars, by engine hours). Check coolant level, and go over the bike with wrenches: vibration loosens bolts.',
        ],
      },
      {
        heading: 'Trail repair kit',
        points: [
          'Tools that fit your bike’s bolts',
          'Spare master link',
          'Tube or plug kit and tyre levers',
          'Zip ties and tape',
        ],
        paragraphs: [],
      },
    ],
    quiz: [
      {
        question: 'After a dusty ride the foam air filter should be…',
        choices: [
          'Left alone until it looks black',
          'Cleaned and re-oiled',
          'Removed for more power',
        ],
        answer: 1,
        explanation: 'A dirty filter lets grit into the engine.',
      },
      {
        question: 'Where do you find the right chain slack?',
        choices: ['Your owner’s manual', 'As tight as possible', 'As loose as possible'],
        answer: 0,
        explanation: 'Each bike has its own figure and measuring point.',
      },
      {
        question: 'Hooked sprocket teeth mean…',
        choices: ['Replace chain and sprockets together', 'Tighten the chain', 'Nothing'],
        answer: 0,
        explanation: 'Worn parts wear new ones quickly; replace them as a set.',
      },
    ],
    sources: [sources.msf],
  },
  {
    id: 'dirt-bike-riding-skills',
    title: 'Dirt Bike Riding Skills',
    summary: 'Body position, clutch, throttle and brakes for control on loose Arkansas trails.',
    minutes: 5,
    sections: [
      {
        heading: 'Standing attack position',
        paragraphs: [
          'Stand on the balls of your feet, knees bent and gripping the bike, elbows up and out, head over the handlebar, eyes far ahead. Sit for tight, smooth corners; stand for everything rough.',
        ],
        figure: 'attack-position',
      },
      {
        heading: 'Clutch and throttle',
        paragraphs: [
          'Ride with one or two fingers covering the clutch. Feeding the clutch smoothly lets you crawl over rocks and roots without stalling; a smooth throttle keeps the rear tyre hooked up on loose chert.',
        ],
      },
      {
        heading: 'Braking',
        paragraphs: [
          'The front brake does most of the stopping on dry ground; the rear helps steer and slow on descents. Brake in a straight line before a corner, not in it, and squeeze, do not grab.',
        ],
      },
      {
        heading: 'Cornering',
        paragraphs: [
          'Slow before the turn, look to the exit, sit forward on the seat, put your inside foot out in flat loose corners and weight the outside footpeg.',
        ],
      },
    ],
    quiz: [
      {
        question: 'For rough ground you should be…',
        choices: [
          'Sitting back on the seat',
          'Standing in the attack position',
          'Sitting on the tank',
        ],
        answer: 1,
        explanation: 'Standing lets your legs absorb the bumps.',
      },
      {
        question: 'When should you do most of your braking for a corner?',
        choices: ['In a straight line before it', 'In the middle of the corner', 'At the exit'],
        answer: 0,
        explanation: 'Braking while leaned over takes grip the tyres need for turning.',
      },
      {
        question: 'Covering the clutch helps you…',
        choices: ['Go faster on straights', 'Crawl over obstacles without stalling', 'Save fuel'],
        answer: 1,
        explanation: 'A fed clutch gives fine control at walking pace.',
      },
    ],
    sources: [sources.msf],
  },
  {
    id: 'bicycle-handling-skills',
    title: 'Bicycle Handling Skills',
    summary: 'Ready position, braking, cornering, climbing and descending on a mountain bike.',
    minutes: 4,
    sections: [
      {
        heading: 'Ready position',
        paragraphs: [
          'Pedals level, weight on your feet, knees and elbows bent, hips back, eyes ahead. From here you can move the bike under you over roots and rocks.',
        ],
      },
      {
        heading: 'Braking',
        paragraphs: [
          'Use both brakes, one finger each. The front has more power; lean back as you brake hard so you are not pitched over the bar. Brake before rough sections and roll through them.',
        ],
      },
      {
        heading: 'Corners',
        paragraphs: [
          'Brake before the turn, look through it, drop the outside pedal and press your weight into it, and lean the bike more than your body.',
        ],
      },
      {
        heading: 'Climbs and descents',
        paragraphs: [
          'Climbing: shift early to an easy gear, stay seated for traction, slide forward on the saddle on steep pitches. Descending: drop the saddle if you can, stand with hips back, and let the bike move under you.',
        ],
      },
    ],
    quiz: [
      {
        question: 'In a corner, the outside pedal is…',
        choices: ['Down, with weight on it', 'Up', 'Level'],
        answer: 0,
        explanation:
          'Outside pedal down keeps the inside pedal off the ground and weights the tyres.',
      },
      {
        question: 'When braking hard, shift your weight…',
        choices: ['Forward', 'Back', 'Nowhere'],
        answer: 1,
        explanation: 'Weight back keeps you from going over the handlebar.',
      },
      {
        question: 'On a steep climb you should…',
        choices: [
          'Shift early into an easy gear',
          'Shift under full load halfway up',
          'Stand and sprint',
        ],
        answer: 0,
        explanation: 'Shifting under load drops chains; shift before the climb.',
      },
    ],
    sources: [sources.pmbia],
  },
  {
    id: 'bicycle-maintenance-education',
    title: 'Bicycle Maintenance',
    summary: 'The ABC Quick Check, chain care and fixing a flat on the trail.',
    minutes: 4,
    sections: [
      {
        heading: 'ABC Quick Check',
        paragraphs: [
          'Before every ride: Air (tyres at the pressure you run, within the sidewall range), Brakes (levers firm, pads not worn), Chain and cranks (clean, lubed, no wobble), Quick releases and thru-axles tight, then a short Check ride.',
        ],
        figure: 'abc-check',
      },
      {
        heading: 'Chain care',
        paragraphs: [
          'Wipe the chain after wet or dusty rides, lube each link, then wipe off the extra: a wet chain collects grit that wears the drivetrain.',
        ],
      },
      {
        heading: 'Fixing a flat',
        points: [
          'Shift to the smallest rear cog and remove the wheel',
          'Lever the tyre off one side and find what caused the flat before fitting a new tube or plug',
          'Seat the tyre evenly, inflate and check the bead all round',
        ],
        paragraphs: [],
      },
      {
        heading: 'Brakes',
        paragraphs: [
          'Replace pads before the backing plate shows. Keep oil and chain lube off rotors and pads; contaminated pads squeal and do not stop.',
        ],
      },
    ],
    quiz: [
      {
        question: 'What does the A in the ABC Quick Check stand for?',
        choices: ['Air', 'Axles', 'Alignment'],
        answer: 0,
        explanation: 'Air, Brakes, Chain and cranks, then Quick releases and a Check ride.',
      },
      {
        question: 'Before putting in a new tube you should…',
        choices: ['Find what caused the flat', 'Pump it to maximum', 'Skip the tyre levers'],
        answer: 0,
        explanation: 'A thorn left in the tyre flats the new tube too.',
      },
      {
        question: 'Chain lube should be…',
        choices: ['Applied thickly and left', 'Applied then wiped off', 'Used on the rotors too'],
        answer: 1,
        explanation: 'Extra lube collects grit; lube on rotors ruins braking.',
      },
    ],
    sources: [sources.bikeLeague],
  },
  {
    id: 'hiking-navigation-skills',
    title: 'Hiking Navigation Skills',
    summary: 'Stay on route on foot with a map, a compass and GPS.',
    minutes: 4,
    sections: [
      {
        heading: 'Plan the route on the map',
        paragraphs: [
          'Before you leave, trace the route: distance, climbs (count contour lines), water, and escape routes. Note handrails, long features like a creek or ridge you follow, and catching features that tell you you have gone too far.',
        ],
        figure: 'contour-lines',
      },
      {
        heading: 'Keep track as you walk',
        paragraphs: [
          'Check the map at every junction and tick features off as you pass them. A typical walking pace is 2 to 3 miles per hour on a trail, less on climbs: time tells you roughly where you are.',
        ],
      },
      {
        heading: 'Taking a bearing',
        paragraphs: [
          'Lay the compass edge from where you are to where you want to go, turn the dial so its lines point to map north, then hold it flat and turn your body until the needle sits in the arrow. Walk where the travel arrow points.',
        ],
        figure: 'compass-bearing',
      },
      {
        heading: 'GPS and phones',
        paragraphs: [
          'Download maps before you go; GPS works without signal. Keep the phone warm and in airplane mode to save the battery, and carry a paper map and compass as backup.',
        ],
      },
    ],
    quiz: [
      {
        question: 'A “catching feature” tells you…',
        choices: ['That you have gone too far', 'Where to camp', 'Where water is'],
        answer: 0,
        explanation: 'It is a feature beyond your target that stops you overshooting.',
      },
      {
        question: 'To save your phone battery on the trail…',
        choices: [
          'Use airplane mode with maps downloaded',
          'Keep searching for signal',
          'Turn brightness up',
        ],
        answer: 0,
        explanation: 'Searching for signal drains batteries; GPS still works in airplane mode.',
      },
      {
        question: 'When taking a bearing, the dial lines point to…',
        choices: ['Map north', 'The sun', 'The trail'],
        answer: 0,
        explanation: 'Aligning the dial with map north turns the map direction into a bearing.',
      },
    ],
    sources: [sources.declination, sources.tenEssentials],
  },
  {
    id: 'hiking-wilderness-survival',
    title: 'Wilderness Survival',
    summary:
      'What to do when lost or stranded in the Arkansas woods, and what to carry so you can.',
    minutes: 5,
    sections: [
      {
        heading: 'S.T.O.P.',
        paragraphs: [
          'When you realise you are lost: Stop, Think, Observe, Plan. Most people who get badly lost do so by pressing on. Staying put makes you far easier to find, especially if someone knows your plan.',
        ],
        figure: 'stop-steps',
      },
      {
        heading: 'Priorities',
        points: [
          'Shelter and warmth first: wet and wind cause hypothermia even at 50 °F',
          'Signal: three of anything (whistle blasts, fires, flashes) means help',
          'Water: treat creek water by boiling or filtering',
          'Food matters least in the first days',
        ],
        paragraphs: [],
      },
      {
        heading: 'The Ten Essentials',
        paragraphs: [
          'Navigation, headlamp, sun protection, first aid, knife, fire starter, emergency shelter, extra food, extra water and extra clothes. Carry them on every hike, even a short one.',
        ],
      },
      {
        heading: 'Arkansas hazards',
        paragraphs: [
          'Ticks are common in Arkansas woods: use repellent, wear long pants tucked into socks and check yourself daily. Copperheads, cottonmouths and rattlesnakes live here: watch where you put hands and feet, and if bitten, keep calm, keep still and get to care; do not cut or suck the wound.',
        ],
      },
    ],
    quiz: [
      {
        question: 'You realise you are lost. First you…',
        choices: [
          'Walk faster to find the trail',
          'Stop, Think, Observe, Plan',
          'Split up to search',
        ],
        answer: 1,
        explanation: 'S.T.O.P. prevents making a small mistake a big one.',
      },
      {
        question: 'A distress signal is…',
        choices: ['Three of anything', 'One long whistle', 'Two fires'],
        answer: 0,
        explanation: 'Three blasts, fires or flashes is the recognised call for help.',
      },
      {
        question: 'After a snake bite you should…',
        choices: [
          'Cut and suck the wound',
          'Keep calm and still and get to medical care',
          'Apply ice and keep hiking',
        ],
        answer: 1,
        explanation: 'Cutting and sucking do harm; get to care.',
      },
    ],
    sources: [sources.tenEssentials, sources.cdcTicks, sources.agfc],
  },
];
