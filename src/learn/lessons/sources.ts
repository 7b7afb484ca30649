/**
 * Public sources the lessons cite (every rule carries its Arkansas or agency source).
 * One place, so a moved page is fixed once.
 */
import type { LessonSource } from '../lesson-types.ts';

export const sources = {
  arkansasAtvCode: {
    label: 'Arkansas Code Title 27, Chapter 21: All-Terrain Vehicles (§ 27-21-101 and following)',
    url: 'https://law.justia.com/codes/arkansas/title-27/subtitle-2/chapter-21/',
  },
  arkansasMotorcycleCode: {
    label: 'Arkansas Code Title 27, Chapter 20: Motorcycles (§ 27-20-104, protective headgear)',
    url: 'https://law.justia.com/codes/arkansas/title-27/subtitle-2/chapter-20/',
  },
  arkansasDfa: {
    label: 'Arkansas Department of Finance and Administration (vehicle registration)',
    url: 'https://www.dfa.arkansas.gov/',
  },
  designatedRoutes: {
    label: '36 CFR 261.13: motor vehicles only on routes shown on the Motor Vehicle Use Map',
    url: 'https://www.ecfr.gov/current/title-36/chapter-II/part-261/subpart-A/section-261.13',
  },
  ozarkStFrancis: {
    label: 'Ozark-St. Francis National Forests (Motor Vehicle Use Maps)',
    url: 'https://www.fs.usda.gov/osfnf',
  },
  ouachita: {
    label: 'Ouachita National Forest (Motor Vehicle Use Maps)',
    url: 'https://www.fs.usda.gov/ouachita',
  },
  atvSafetyInstitute: {
    label: 'ATV Safety Institute: Golden Rules, age guidelines, ATV RiderCourse',
    url: 'https://atvsafety.org/',
  },
  msf: {
    label: 'Motorcycle Safety Foundation: T-CLOCS inspection, DirtBike School',
    url: 'https://www.msf-usa.org/',
  },
  nhtsaHelmets: {
    label: 'NHTSA: choosing a DOT-compliant (FMVSS 218) helmet',
    url: 'https://www.nhtsa.gov/motorcycle-safety/choose-right-motorcycle-helmet',
  },
  nwsFlood: {
    label: 'National Weather Service: Turn Around Don’t Drown',
    url: 'https://www.weather.gov/safety/flood-turn-around-dont-drown',
  },
  nwsLightning: {
    label: 'National Weather Service: lightning safety',
    url: 'https://www.weather.gov/safety/lightning',
  },
  nwsHeat: {
    label: 'National Weather Service: heat safety',
    url: 'https://www.weather.gov/safety/heat',
  },
  leaveNoTrace: {
    label: 'Leave No Trace: the seven principles',
    url: 'https://lnt.org/why/7-principles/',
  },
  treadLightly: { label: 'Tread Lightly!', url: 'https://treadlightly.org/' },
  agfc: { label: 'Arkansas Game and Fish Commission', url: 'https://www.agfc.com/' },
  declination: {
    label: 'NOAA magnetic declination calculator',
    url: 'https://www.ngdc.noaa.gov/geomag/calculators/magcalc.shtml',
  },
  tenEssentials: {
    label: 'The Mountaineers: the Ten Essentials',
    url: 'https://www.mountaineers.org/blog/what-are-the-ten-essentials',
  },
  bikeLeague: {
    label: 'League of American Bicyclists: ABC Quick Check',
    url: 'https://bikeleague.org/',
  },
  cdcTicks: { label: 'CDC: preventing tick bites', url: 'https://www.cdc.gov/ticks/' },
  redCross: {
    label: 'American Red Cross: first aid and CPR classes',
    url: 'https://www.redcross.org/take-a-class',
  },
  pmbia: {
    label: 'Professional Mountain Bike Instructor Association',
    url: 'https://www.pmbia.org/',
  },
  nols: { label: 'NOLS Wilderness Medicine courses', url: 'https://www.nols.edu/' },
} satisfies Record<string, LessonSource>;
