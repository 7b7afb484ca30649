/**
 * Off-road riding lessons of /arkansas-skills: the Arkansas basics and the nine
 * riding subpages of the spec's route table (requirements §core-2 Learn). Written for ATV, UTV,
 * 4x4 and dirt-bike riders in the Ozarks, Ouachitas and the rest of the state; rules cite
 * their source in `sources.ts`, and details we do not restate point to the authority.
 */
import type { Lesson } from '../lesson-types.ts';
import { sources } from './sources.ts';

export const ridingLessons: readonly Lesson[] = [
  {
    id: 'arkansas-skills',
    title: 'Riding in Arkansas: the basics',
    summary:
      'Know which rules apply, where you may ride, and what to carry before your first ride.',
    minutes: 5,
    sections: [
      {
        heading: 'Where you may ride',
        paragraphs: [
          'On the Ozark-St. Francis and Ouachita National Forests, motor vehicles may use only the roads, trails and areas shown as open to that vehicle class on the forest’s free Motor Vehicle Use Map (36 CFR 261.13). Riding anywhere else, even on an old two-track, is a federal violation.',
          'Private riding parks set their own rules and fees; ask them. Wildlife Management Areas are run by the Arkansas Game and Fish Commission, and each area’s rules for vehicles differ: check the AGFC page of the area before you unload.',
        ],
      },
      {
        heading: 'The Arkansas law for ATVs and dirt bikes',
        paragraphs: [
          'Arkansas’s all-terrain vehicle law is Arkansas Code § 27-21-101 and following. It covers registration, where an ATV may be driven on or across public roads, and the safety equipment and age rules that apply. This app does not restate those details, because they change: read the current text (linked below) or ask the Department of Finance and Administration before you ride on or near a public road.',
          'A dirt bike ridden on a public road is a motorcycle. Arkansas requires motorcycle operators and passengers under 21 to wear protective headgear (Arkansas Code § 27-20-104). Off the road, the ATV Safety Institute’s advice is simpler: everyone wears a helmet on every ride.',
        ],
      },
      {
        heading: 'Right machine, right rider',
        paragraphs: [
          'The ATV Safety Institute’s age guidance: no one under 6 rides an ATV; riders 6 to 11 ride youth ATVs under 70 cc; riders 12 to 15 ride ATVs of 70 to 90 cc; riders 16 and over may ride adult machines. Children need an adult watching every ride.',
        ],
        points: [
          'Never carry a passenger on a single-rider ATV: the rider must be free to shift weight.',
          'No alcohol or drugs before or during a ride.',
          'Ride a side-by-side only with the doors or nets closed and belts on.',
        ],
      },
      {
        heading: 'Before every ride',
        paragraphs: [
          'Tell someone where you are going and when you will be back, and what to do if you are late. Many Arkansas trails have no phone signal: download the trail and the map region in this app while you still have signal.',
        ],
        points: [
          'Helmet, eye protection, gloves, long sleeves and pants, over-the-ankle boots',
          'Water, food, a first-aid kit, a light and a charged phone',
          'Tools, a tyre plug kit and a tow strap',
        ],
      },
    ],
    quiz: [
      {
        question: 'On a national forest in Arkansas, where may you ride an ATV?',
        choices: [
          'Anywhere that is not fenced',
          'Only on routes the Motor Vehicle Use Map shows open to ATVs',
          'On any old logging road',
        ],
        answer: 1,
        explanation:
          '36 CFR 261.13 limits motor vehicles to the routes the forest’s MVUM shows open.',
      },
      {
        question: 'Which Arkansas law requires motorcycle riders under 21 to wear a helmet?',
        choices: ['Arkansas Code § 27-20-104', 'A national forest rule', 'There is no such law'],
        answer: 0,
        explanation:
          'Arkansas Code § 27-20-104 sets the protective headgear rule for riders under 21.',
      },
      {
        question: 'A 10-year-old wants to ride. What does the ATV Safety Institute advise?',
        choices: [
          'An adult ATV with supervision',
          'A youth ATV under 70 cc, with an adult watching',
          'No riding until 16',
        ],
        answer: 1,
        explanation: 'Riders 6 to 11 belong on youth ATVs under 70 cc, always supervised.',
      },
      {
        question: 'What should you do before riding a trail with no signal?',
        choices: [
          'Nothing: call for help if needed',
          'Leave your plan with someone and download the trail and map region',
          'Ride faster to get back before dark',
        ],
        answer: 1,
        explanation:
          'With no signal you cannot call: someone must know your plan, and the maps must already be on your phone.',
      },
    ],
    sources: [
      sources.designatedRoutes,
      sources.arkansasAtvCode,
      sources.arkansasMotorcycleCode,
      sources.arkansasDfa,
      sources.atvSafetyInstitute,
      sources.agfc,
    ],
  },
  {
    id: 'terrain-mastery',
    title: 'Terrain Mastery',
    summary:
      'Read Arkansas trail surfaces and ride rock, mud, loose gravel, hills and water crossings.',
    minutes: 6,
    sections: [
      {
        heading: 'Read the trail before you ride it',
        paragraphs: [
          'Ozark trails are often loose chert gravel and rock ledges; Ouachita trails cross tilted shale slabs that turn slick when wet; clay anywhere becomes grease after rain. Wet autumn leaves hide rocks and ruts. Slow down wherever you cannot see the surface.',
        ],
      },
      {
        heading: 'Climbing a hill',
        paragraphs: [
          'Pick your line from the bottom, choose a low gear and keep a steady throttle. Move your body forward and up the hill.',
          'If you lose momentum before the top, stop, set the brakes and get off on the uphill side (or to the side if the hill is straight up). Never try to turn around on a steep face, and never back down with the throttle.',
        ],
        figure: 'hill-climb',
      },
      {
        heading: 'Going down',
        paragraphs: [
          'Point the machine straight down the fall line, shift your weight back, use a low gear to hold speed and brake gently and evenly. Locked wheels slide: ease off and reapply.',
        ],
        figure: 'hill-descent',
      },
      {
        heading: 'Mud, rock and side slopes',
        paragraphs: [
          'In mud keep a steady, moderate speed and do not spin the wheels: spinning digs ruts and damages the trail. On rock, go slowly in low gear and place the tyres on top of rocks rather than letting them slip off edges.',
          'On a side slope lean your body uphill. If the machine starts to tip, turn gently downhill. Avoid side slopes on slick surfaces altogether.',
        ],
      },
      {
        heading: 'Water crossings',
        paragraphs: [
          'Cross only at established crossings. Walk or check the depth first and never cross deeper than your owner’s manual allows. Never enter moving water over a low-water bridge: the National Weather Service warns that 12 inches of moving water can carry off most cars.',
          'Ride across at a slow, steady speed, then test the brakes gently on the far side: wet brakes stop poorly until they dry.',
        ],
      },
    ],
    quiz: [
      {
        question: 'You stall halfway up a steep hill. What do you do?',
        choices: [
          'Turn around on the slope',
          'Set the brakes and dismount on the uphill side',
          'Roll back down in neutral',
        ],
        answer: 1,
        explanation:
          'Stop, hold the brakes and get off uphill. Turning on the face is how machines roll over.',
      },
      {
        question: 'On a descent your weight should be…',
        choices: [
          'Back, toward the rear',
          'Forward, over the front',
          'Leaning downhill to one side',
        ],
        answer: 0,
        explanation: 'Weight back keeps the rear planted and the machine from pitching forward.',
      },
      {
        question: 'On a side slope you lean…',
        choices: ['Downhill', 'Uphill', 'Not at all'],
        answer: 1,
        explanation: 'Leaning uphill keeps the centre of gravity over the wheels.',
      },
      {
        question: 'After a water crossing you should…',
        choices: ['Speed up to dry off', 'Test the brakes gently', 'Nothing special'],
        answer: 1,
        explanation: 'Wet brakes do not work well until they dry; test them at low speed.',
      },
    ],
    sources: [sources.atvSafetyInstitute, sources.nwsFlood],
  },
  {
    id: 'safety-certification',
    title: 'Safety Certification',
    summary: 'Find a hands-on riding course and a first-aid class, and know what they teach.',
    minutes: 4,
    sections: [
      {
        heading: 'Why a hands-on course',
        paragraphs: [
          'Reading builds knowledge; a course builds habits. A coach watches you start, turn, stop, climb and swerve on a practice range and corrects you before a mistake becomes a crash.',
        ],
      },
      {
        heading: 'ATV: the ATV RiderCourse',
        paragraphs: [
          'The ATV Safety Institute runs the ATV RiderCourse, a half-day hands-on course with a licensed instructor. Enrol through atvsafety.org; course places, dates and any fee are set there, and we do not list them here.',
        ],
      },
      {
        heading: 'Dirt bike: DirtBike School',
        paragraphs: [
          'The Motorcycle Safety Foundation’s DirtBike School teaches off-road basics on a range. Find sites on msf-usa.org. Arkansas law does not require an off-road course; it is still the fastest way to ride better.',
        ],
      },
      {
        heading: 'First aid and CPR',
        paragraphs: [
          'Help is often an hour or more away on a trail. A first-aid and CPR class (American Red Cross) or a wilderness first-aid course (for example from NOLS) teaches you to stop bleeding, splint, and keep someone warm until help arrives.',
        ],
        points: [
          'Carry your kit where you can reach it without unpacking everything',
          'Know the emergency steps of this app’s Safety page before you need them',
        ],
      },
    ],
    quiz: [
      {
        question: 'Who runs the ATV RiderCourse?',
        choices: ['The ATV Safety Institute', 'The National Weather Service', 'Each riding park'],
        answer: 0,
        explanation: 'The ATV Safety Institute runs it; enrol at atvsafety.org.',
      },
      {
        question: 'What does a hands-on course give that reading does not?',
        choices: [
          'A licence to ride anywhere',
          'Coached practice that builds habits',
          'Nothing extra',
        ],
        answer: 1,
        explanation: 'Coached practice corrects mistakes before they become crashes.',
      },
      {
        question: 'Why take wilderness first aid as a rider?',
        choices: [
          'It is required by law',
          'Help may be an hour or more away',
          'To skip carrying a kit',
        ],
        answer: 1,
        explanation: 'Far from help, you are the first responder.',
      },
    ],
    sources: [sources.atvSafetyInstitute, sources.msf, sources.redCross, sources.nols],
  },
  {
    id: 'group-leadership',
    title: 'Group Leadership',
    summary: 'Lead a group ride so nobody gets lost, left behind or pushed past their skill.',
    minutes: 5,
    sections: [
      {
        heading: 'Plan and brief',
        paragraphs: [
          'Choose a trail the least experienced rider can handle. Before you start, brief everyone: the route, stops, hand signals, what to do if separated, and who carries the first-aid kit. Leave the plan with someone who is not riding.',
        ],
      },
      {
        heading: 'Lead and sweep',
        paragraphs: [
          'The leader sets the pace and knows the route. The sweep rides last, carries tools and first aid, and never passes anyone. If the sweep is with you, nobody is behind.',
        ],
        figure: 'lead-and-sweep',
      },
      {
        heading: 'Never lose a rider at a turn',
        paragraphs: [
          'At every junction the leader waits until the next rider sees the turn; that rider waits for the one behind, and so on, until the sweep arrives. Count heads at every stop.',
        ],
        points: [
          'Keep a gap of several machine lengths, more in dust',
          'Stop in a safe place, off the trail, where riders can see you',
          'Agree on a turn-back time and keep it',
        ],
      },
      {
        heading: 'When something goes wrong',
        paragraphs: [
          'Stop the group, protect the scene from other riders, check the injured rider, and send the best-equipped pair for help if there is no signal. Two people go for help; nobody rides out alone.',
        ],
      },
    ],
    quiz: [
      {
        question: 'Who rides at the very back of the group?',
        choices: ['The slowest rider', 'The sweep', 'The leader'],
        answer: 1,
        explanation: 'The sweep rides last and never passes anyone, so nobody is left behind.',
      },
      {
        question: 'How do you make sure nobody misses a turn?',
        choices: [
          'Each rider waits at the turn until the rider behind sees it',
          'Everyone follows the tyre tracks',
          'The leader rides slower',
        ],
        answer: 0,
        explanation: 'The turn is passed back rider by rider until the sweep arrives.',
      },
      {
        question: 'Who picks how hard the trail is?',
        choices: [
          'The fastest rider',
          'The least experienced rider’s skill',
          'Whoever arrives first',
        ],
        answer: 1,
        explanation: 'A group ride is only as safe as its least experienced rider is comfortable.',
      },
    ],
    sources: [sources.atvSafetyInstitute],
  },
  {
    id: 'environmental-stewardship',
    title: 'Environmental Stewardship',
    summary: 'Ride so the trails stay open: stay on route, cross water right, stop invasive seeds.',
    minutes: 4,
    sections: [
      {
        heading: 'Stay on the route',
        paragraphs: [
          'Every new track off the route widens the trail, kills plants and sends soil into creeks. On national forests it is also illegal (36 CFR 261.13). Go over obstacles or turn around; do not go around them.',
        ],
      },
      {
        heading: 'Water and mud',
        paragraphs: [
          'Cross streams only at designated crossings, straight across and slowly. Spinning tyres in mud holes deepens them and washes sediment into Arkansas’s clear Ozark streams. After heavy rain, pick another day or a gravel route.',
        ],
      },
      {
        heading: 'Leave no trace',
        paragraphs: ['Tread Lightly! and Leave No Trace ask every rider to:'],
        points: [
          'Pack out all trash, including other people’s',
          'Wash your machine before and after a ride so seeds and mud do not travel to the next area',
          'Keep noise down near camps and homes; keep a working spark arrestor',
          'Give wildlife space and never chase animals',
        ],
      },
      {
        heading: 'Give back',
        paragraphs: [
          'Trail groups and forest districts hold workdays to fix drainage and clear deadfall. Ask the ranger district or your riding club: a few hours a year keeps trails open.',
        ],
      },
    ],
    quiz: [
      {
        question: 'A mud hole blocks the trail. The right choice is…',
        choices: [
          'Ride around it through the trees',
          'Go through slowly or turn back',
          'Spin through it fast',
        ],
        answer: 1,
        explanation:
          'Riding around widens the trail; spinning digs ruts. Go through gently or turn back.',
      },
      {
        question: 'Why wash your machine between areas?',
        choices: [
          'To look good',
          'To stop carrying invasive seeds and mud',
          'It is required at every trailhead',
        ],
        answer: 1,
        explanation:
          'Mud on frames and tyres moves invasive plant seeds from one area to the next.',
      },
      {
        question: 'Where should you cross a stream?',
        choices: ['Anywhere shallow', 'Only at a designated crossing', 'Along the stream bed'],
        answer: 1,
        explanation: 'Designated crossings limit bank damage and sediment.',
      },
    ],
    sources: [sources.treadLightly, sources.leaveNoTrace, sources.designatedRoutes],
  },
  {
    id: 'navigation-mastery',
    title: 'Navigation Mastery',
    summary: 'Find your way off-grid with a downloaded map, GPS and a paper backup.',
    minutes: 5,
    sections: [
      {
        heading: 'Download before you go',
        paragraphs: [
          'A phone’s GPS works without signal, but the map does not download without it. Save the trail and download its map region in this app at home. Carry a paper Motor Vehicle Use Map or trail map as a backup: paper needs no battery.',
        ],
      },
      {
        heading: 'Know where you are, all the time',
        paragraphs: [
          'Note the trail junctions as you pass them and the time. If you know the last junction and how long you have ridden since, you can never be more than a short ride from a known point.',
        ],
        points: [
          'Mark the trailhead and your camp as waypoints',
          'Look back at junctions: the way home looks different',
          'Turn back when half your fuel or half your daylight is gone',
        ],
      },
      {
        heading: 'Reading a topographic map',
        paragraphs: [
          'Contour lines join points of equal height. Lines close together mean steep ground, far apart mean gentle ground. Streams run in V-shaped contours that point uphill.',
        ],
        figure: 'contour-lines',
      },
      {
        heading: 'Compass backup',
        paragraphs: [
          'A baseplate compass gives you a bearing when the phone dies. Magnetic declination in Arkansas is small, a few degrees, but look up today’s value for your area with NOAA’s calculator.',
        ],
        figure: 'compass-bearing',
      },
    ],
    quiz: [
      {
        question: 'Does your phone’s GPS work with no cell signal?',
        choices: [
          'Yes, but maps must be downloaded beforehand',
          'No, GPS needs signal',
          'Only in airplane mode',
        ],
        answer: 0,
        explanation: 'GPS satellites need no cell signal; map tiles do, so download them first.',
      },
      {
        question: 'Contour lines very close together mean…',
        choices: ['Flat ground', 'Steep ground', 'A stream'],
        answer: 1,
        explanation: 'Close lines mean height changes quickly: steep ground.',
      },
      {
        question: 'When should you turn back?',
        choices: [
          'When half your fuel or daylight is gone',
          'When the fuel light comes on',
          'At sunset',
        ],
        answer: 0,
        explanation: 'The way back takes as long as the way out, so turn at half.',
      },
    ],
    sources: [sources.declination, sources.ozarkStFrancis, sources.ouachita],
  },
  {
    id: 'equipment-mastery',
    title: 'Equipment Mastery',
    summary:
      'Inspect your machine before each ride and carry the tools and recovery gear that matter.',
    minutes: 5,
    sections: [
      {
        heading: 'The pre-ride check',
        paragraphs: [
          'Check the same things in the same order every time. The Motorcycle Safety Foundation’s T-CLOCS list works for ATVs and UTVs too: Tires and wheels, Controls, Lights and electrics, Oil and fluids, Chassis, Stands.',
        ],
        figure: 'tclocs',
      },
      {
        heading: 'Tyres',
        paragraphs: [
          'Off-road tyres run at low pressure, and a few psi makes a big difference. Use the pressure on your machine’s label or manual, check it cold with a low-pressure gauge, and carry a plug kit and a small pump.',
        ],
      },
      {
        heading: 'What to carry',
        points: [
          'Basic tools for your machine, zip ties, tape and a spare spark plug',
          'Tyre plug kit and pump',
          'Tow strap or kinetic rope rated for your machine',
          'First-aid kit, water, a light and a fire starter',
        ],
        paragraphs: [],
      },
      {
        heading: 'Winch and recovery safety',
        paragraphs: [
          'A loaded winch line or strap stores energy and can snap back with deadly force. Put a line damper or heavy jacket over the middle of the line, keep everyone out of the line’s path, never step over a loaded line, and use a tree saver strap around trees.',
        ],
      },
    ],
    quiz: [
      {
        question: 'What does the O in T-CLOCS stand for?',
        choices: ['Odometer', 'Oil and fluids', 'Outlook'],
        answer: 1,
        explanation: 'Tires, Controls, Lights, Oil and fluids, Chassis, Stands.',
      },
      {
        question: 'Where do you find the right tyre pressure?',
        choices: [
          'The maximum on the tyre sidewall',
          'Your machine’s label or manual',
          'Whatever feels right',
        ],
        answer: 1,
        explanation:
          'The sidewall gives the maximum; the machine’s label gives the riding pressure.',
      },
      {
        question: 'While winching, you should…',
        choices: [
          'Step over the line to save time',
          'Keep everyone out of the line’s path and use a damper',
          'Stand beside the anchor tree',
        ],
        answer: 1,
        explanation: 'A snapping line whips along its path; a damper absorbs some of that energy.',
      },
    ],
    sources: [sources.msf, sources.atvSafetyInstitute],
  },
  {
    id: 'weather-mastery',
    title: 'Weather Mastery',
    summary:
      'Plan around Arkansas storms, flash floods, heat and cold, and know when to stay home.',
    minutes: 5,
    sections: [
      {
        heading: 'Check before, watch during',
        paragraphs: [
          'Read the National Weather Service forecast for the trail’s area the night before and the morning of the ride. On the trail, watch the sky to the west and southwest, where most Arkansas storms come from.',
        ],
      },
      {
        heading: 'Lightning',
        paragraphs: [
          'The National Weather Service says no place outside is safe when thunder is heard. If you hear thunder, head for a hard-topped vehicle or building. Stay off ridge tops and away from lone trees and open fields while you get there.',
        ],
      },
      {
        heading: 'Flash floods: turn around, don’t drown',
        paragraphs: [
          'Ozark and Ouachita creeks rise fast after heavy rain, sometimes from a storm you never saw. The National Weather Service warns that 6 inches of moving water can knock an adult down and 12 inches can carry away most cars. Never cross a flooded low-water crossing.',
        ],
        figure: 'flood-depth',
      },
      {
        heading: 'Heat and cold',
        paragraphs: [
          'Arkansas summers are hot and humid. Carry more water than you think, rest in shade, and stop riding if someone has a headache, nausea or confusion: these are signs of heat illness.',
          'In winter, wind on a moving machine chills fast, and wet clothes at 40 °F can cause hypothermia. Dress in layers and carry a dry layer.',
        ],
      },
    ],
    quiz: [
      {
        question: 'You hear thunder on the trail. What does the NWS advise?',
        choices: [
          'Keep riding until you see lightning',
          'Head for a building or hard-topped vehicle now',
          'Shelter under the tallest tree',
        ],
        answer: 1,
        explanation: 'When thunder roars, go indoors: no place outside is safe.',
      },
      {
        question: 'How much moving water can knock an adult down?',
        choices: ['6 inches', '2 feet', '3 feet'],
        answer: 0,
        explanation: 'The NWS says 6 inches of moving water can knock you down.',
      },
      {
        question: 'A rider in July is confused and nauseous. You should…',
        choices: [
          'Ride on to finish the loop',
          'Stop, shade, cool and hydrate them; get help if it does not pass',
          'Give them an energy drink and keep going',
        ],
        answer: 1,
        explanation: 'Confusion and nausea are signs of heat illness: stop and cool the rider.',
      },
    ],
    sources: [sources.nwsLightning, sources.nwsFlood, sources.nwsHeat],
  },
  {
    id: 'advanced-techniques',
    title: 'Advanced Techniques',
    summary:
      'Ledges, ruts, off-camber turns and recovering from a slide, once the basics are solid.',
    minutes: 5,
    sections: [
      {
        heading: 'Body position is everything',
        paragraphs: [
          'Advanced riding is basic riding done precisely. Stand when the trail is rough, knees and elbows bent, so your legs absorb the hits and the machine moves under you.',
        ],
        figure: 'attack-position',
      },
      {
        heading: 'Ledges and step-ups',
        paragraphs: [
          'Approach square, in a low gear. Just before the front wheels touch, add a little throttle to lift the front, then shift your weight forward as the front climbs so the rear follows. Scout anything you cannot see over first.',
        ],
      },
      {
        heading: 'Ruts and off-camber turns',
        paragraphs: [
          'In a rut, look ahead, not down, and keep a steady throttle: fighting the rut tips you. In an off-camber turn, weight the outside (downhill) footrest on a bike, lean your body uphill on an ATV, and go slower than feels necessary.',
        ],
      },
      {
        heading: 'When the rear slides',
        paragraphs: [
          'Ease off the throttle smoothly, look where you want to go and steer gently into the slide. Stamping on the brakes or chopping the throttle makes a slide worse.',
        ],
      },
      {
        heading: 'Practise before you need it',
        paragraphs: [
          'Practise each skill on easy ground at low speed, with a friend watching, before you meet it on a real trail.',
        ],
      },
    ],
    quiz: [
      {
        question: 'In a deep rut you should look…',
        choices: ['At the front wheel', 'Ahead, where you want to go', 'At the rut walls'],
        answer: 1,
        explanation: 'You go where you look; looking down pulls you into the wall.',
      },
      {
        question: 'The rear starts sliding. What helps?',
        choices: [
          'Slam the rear brake',
          'Ease off the throttle smoothly and look ahead',
          'Chop the throttle closed',
        ],
        answer: 1,
        explanation: 'Smooth inputs let the tyres regain grip.',
      },
      {
        question: 'Before riding a ledge you cannot see over, you…',
        choices: ['Ride it fast', 'Walk up and scout it', 'Follow the rider ahead closely'],
        answer: 1,
        explanation: 'Scout first: what is beyond decides how to ride it.',
      },
    ],
    sources: [sources.atvSafetyInstitute, sources.msf],
  },
  {
    id: 'instructor-certification',
    title: 'Instructor Certification',
    summary: 'What it takes to teach riding, and where instructors are certified.',
    minutes: 4,
    sections: [
      {
        heading: 'Teaching is its own skill',
        paragraphs: [
          'A good rider is not automatically a good coach. Instructors learn to explain one skill at a time, demonstrate it, let students practise, and give short, specific feedback.',
        ],
        points: [
          'Explain: what and why, in a sentence',
          'Demonstrate: slowly, from where students can see',
          'Practise: low speed, lots of repetitions',
          'Feedback: one thing to keep, one thing to change',
        ],
      },
      {
        heading: 'Where instructors are certified',
        paragraphs: [
          'ATV instructors are licensed by the ATV Safety Institute; dirt-bike coaches by the Motorcycle Safety Foundation’s DirtBike School; mountain-bike instructors by groups such as the Professional Mountain Bike Instructor Association. Each sets its own requirements and fees on its website; we do not restate them.',
        ],
      },
      {
        heading: 'Running a safe range',
        paragraphs: [
          'A practice area needs space, no traffic, no hazards within the run-off, and a clear signal to stop everyone. Check every student’s gear and machine before the first exercise.',
        ],
      },
      {
        heading: 'Be ready for the worst day',
        paragraphs: [
          'Instructors should hold a current first-aid and CPR certificate, carry a kit, and know the address or coordinates of the range for emergency services.',
        ],
      },
    ],
    quiz: [
      {
        question: 'Which organisation licenses ATV instructors?',
        choices: ['The ATV Safety Institute', 'The National Weather Service', 'Leave No Trace'],
        answer: 0,
        explanation: 'The ATV Safety Institute licenses ATV RiderCourse instructors.',
      },
      {
        question: 'Good feedback after an exercise is…',
        choices: [
          'A list of every mistake',
          'One thing to keep and one to change',
          'Silence unless they crash',
        ],
        answer: 1,
        explanation: 'Short, specific feedback is what a student can act on.',
      },
      {
        question: 'Before the first exercise, an instructor…',
        choices: [
          'Checks every student’s gear and machine',
          'Lets students warm up on the trail',
          'Collects phones',
        ],
        answer: 0,
        explanation: 'Gear and machine checks come first.',
      },
    ],
    sources: [sources.atvSafetyInstitute, sources.msf, sources.pmbia, sources.redCross],
  },
];
