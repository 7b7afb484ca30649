/**
 * The offline knowledge base of the voice assistant (requirements §voice-1 "offline
 * knowledge base of field repair, stuck-recovery, medical, navigation, weather, terrain and
 * safety advice"; figures from §voice-9 "Safety advice"). Pure data: every answer here works with
 * no signal. The figures are the spec's; the procedures are standard off-road and wilderness
 * first-aid practice, worded as advice, never as a promise that help is on its way. Vehicle
 * trouble is not here: those answers come from the diagnostic tree (src/lib/diagnostics), the
 * same one the /diagnostic wizard walks.
 */
import { CVT_BELT_CHANGE_MILES } from '../diagnostics/tree.ts';

/** §voice-9 figures, in the units riders use (PSI, miles, gallons, minutes, feet). */
export const SAFETY_FIGURES = {
  tirePsiMud: 8,
  tirePsiRocks: '10-12',
  tirePsiSand: '6-8',
  waitAfterThunderMinutes: 30,
  cvtBeltMiles: CVT_BELT_CHANGE_MILES,
  waterGallonsPerPerson: 1,
  engineCoolMinutes: '15-20',
  lightningParkFeet: 50,
} as const;

/** Categories of §voice-3.1 "metadata with a category". */
export type KnowledgeCategory =
  'field_repair' | 'stuck_recovery' | 'first_aid' | 'navigation' | 'weather' | 'terrain' | 'safety';

/** One piece of advice: a short spoken answer. */
export interface KnowledgeEntry {
  id: string;
  category: KnowledgeCategory;
  text: string;
}

const f = SAFETY_FIGURES;

/** Every entry, keyed by id. */
export const KNOWLEDGE = {
  stuckMud: {
    id: 'stuckMud',
    category: 'stuck_recovery',
    text: `Stuck in mud: stop spinning the wheels, it only digs you deeper. Air the tires down to ${f.tirePsiMud} PSI for more grip, clear mud from in front of the tires, and rock the machine gently between forward and reverse. Put branches or rocks under the tires. If you carry a winch or tow strap, anchor to a solid tree with a tree saver strap and keep everyone clear of the line.`,
  },
  stuckSand: {
    id: 'stuckSand',
    category: 'stuck_recovery',
    text: `Stuck in sand: ease off the throttle, air the tires down to ${f.tirePsiSand} PSI, dig out in front of each tire and drive out slowly in a straight line without spinning. A board or floor mat under the tire helps.`,
  },
  stuckRock: {
    id: 'stuckRock',
    category: 'stuck_recovery',
    text: `Hung up on rocks: stop and look before you move. Run ${f.tirePsiRocks} PSI on rocks. Stack flat rocks to lift the stuck wheel, back off the obstacle slowly, and use a spotter. Never put a hand or foot under a machine that is only held by rocks.`,
  },
  stuckGeneral: {
    id: 'stuckGeneral',
    category: 'stuck_recovery',
    text: `Stuck: stop spinning the wheels. Check what you are stuck in. Tire pressure: ${f.tirePsiMud} PSI in mud, ${f.tirePsiSand} in sand, ${f.tirePsiRocks} on rocks. Clear in front of the tires, add traction under them, rock gently forward and back, or winch from a solid anchor.`,
  },
  lost: {
    id: 'lost',
    category: 'navigation',
    text: `If you are lost: stop, stay calm and stay with your machine, it is easier to find than a person. Your position is on the map in this app even without signal. Note the time and your fuel. If it is getting dark, make camp while you can still see. Drink water, about ${f.waterGallonsPerPerson} gallon per person per day. Move to high open ground only to look for signal or landmarks.`,
  },
  medical: {
    id: 'medical',
    category: 'first_aid',
    text: 'For an injury: make the scene safe first, shut off the engine. Call 911 if you can. Stop bleeding with firm direct pressure. Do not move someone with a possible neck or back injury unless they are in danger. Keep them warm and talk to them. Do not give food or water to someone badly hurt.',
  },
  generalEmergency: {
    id: 'generalEmergency',
    category: 'safety',
    text: 'Stay calm. Make yourself safe, shut off the engine, and check everyone for injuries. Call 911 if anyone is hurt or in danger. Open the emergency screen to share your location with your contacts.',
  },
  safetyCheck: {
    id: 'safetyCheck',
    category: 'safety',
    text: `Pre-ride safety check: tires and pressure, ${f.tirePsiMud} PSI in mud, ${f.tirePsiRocks} on rocks, ${f.tirePsiSand} in sand. Brakes, throttle, lights, fuel and oil. Helmet and eye protection. Carry ${f.waterGallonsPerPerson} gallon of water per person, a first aid kit, a tow strap, tools and a spare CVT belt, change the belt every ${f.cvtBeltMiles} miles. Tell someone where you are riding and when you will be back.`,
  },
  terrainPressure: {
    id: 'terrainPressure',
    category: 'terrain',
    text: `Tire pressure by terrain: ${f.tirePsiMud} PSI in mud, ${f.tirePsiRocks} PSI on rocks, ${f.tirePsiSand} PSI in sand. Air back up for gravel roads.`,
  },
  lightning: {
    id: 'lightning',
    category: 'weather',
    text: `Lightning: get off ridges and out of open fields. Do not shelter under a lone tree. Park and move at least ${f.lightningParkFeet} feet away from the vehicle, crouch low on your feet. Wait ${f.waitAfterThunderMinutes} minutes after the last thunder before riding again.`,
  },
  water: {
    id: 'water',
    category: 'safety',
    text: `Carry at least ${f.waterGallonsPerPerson} gallon of water per person per day, more in summer heat.`,
  },
} as const satisfies Record<string, KnowledgeEntry>;
