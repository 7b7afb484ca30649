/**
 * The trail packing list of /equipment-guide: what to carry on an ATV or UTV for a day ride or
 * a weekend, grouped as a rider packs. Our own list; the water figure is the safety advice of
 * requirements §voice-9: carry 1 gallon of water per person.
 */

/** A trip length the list is made for. */
export type TripLength = 'day' | 'weekend';

/** One item to pack; `weekendOnly` items are left off a day ride's list. */
export interface PackingItem {
  id: string;
  label: string;
  /** Why it earns its place, in a few words. */
  why?: string;
  weekendOnly?: boolean;
}

/** A group of the packing list. */
export interface PackingGroup {
  id: string;
  title: string;
  items: readonly PackingItem[];
}

/** Gallons of water to carry per person (§voice-9). */
export const WATER_GALLONS_PER_PERSON = 1;

/** The full list, in packing order. */
export const PACKING_LIST: readonly PackingGroup[] = [
  {
    id: 'safety',
    title: 'Safety and communication',
    items: [
      { id: 'helmet', label: 'DOT-rated helmet and eye protection for every rider' },
      { id: 'first-aid', label: 'First-aid kit', why: 'with a tourniquet and blister care' },
      { id: 'phone', label: 'Charged phone with the trail map saved offline' },
      { id: 'power-bank', label: 'Power bank and charging cable' },
      { id: 'whistle', label: 'Whistle and a bright flashlight or headlamp' },
      {
        id: 'plan',
        label: 'Ride plan left with someone at home',
        why: 'where you go and when you’ll be back',
      },
      { id: 'extinguisher', label: 'Small fire extinguisher, mounted' },
    ],
  },
  {
    id: 'water-food',
    title: 'Water and food',
    items: [
      {
        id: 'water',
        label: `${WATER_GALLONS_PER_PERSON} gallon of water per person`,
        why: 'more on hot days',
      },
      { id: 'snacks', label: 'Snacks that won’t melt' },
      { id: 'meals', label: 'Meals and a way to cook them', weekendOnly: true },
    ],
  },
  {
    id: 'tools',
    title: 'Tools and spares',
    items: [
      { id: 'tool-kit', label: 'The vehicle’s tool kit, plus pliers and a multi-tool' },
      { id: 'tire-plugs', label: 'Tire plug kit', why: 'most flats on the trail are punctures' },
      {
        id: 'compressor',
        label: '12-volt air compressor and a low-pressure tire gauge',
        why: 'to air down and back up',
      },
      { id: 'belt', label: 'Spare CVT belt and the tool to change it' },
      { id: 'fuses', label: 'Spare fuses of every rating the vehicle uses' },
      { id: 'spark-plug', label: 'Spare spark plug and plug wrench' },
      { id: 'ties-tape', label: 'Zip ties, duct tape and a short length of wire' },
      { id: 'fuel', label: 'Spare fuel in an approved can', weekendOnly: true },
      { id: 'oil', label: 'A quart of engine oil and coolant', weekendOnly: true },
    ],
  },
  {
    id: 'recovery',
    title: 'Recovery',
    items: [
      { id: 'strap', label: 'Recovery strap with sewn loops, no hooks' },
      { id: 'shackles', label: 'Two soft or rated shackles' },
      { id: 'gloves', label: 'Work gloves' },
      { id: 'saw', label: 'Folding saw for a tree across the trail' },
      { id: 'shovel', label: 'Small shovel', why: 'for mud and sand' },
    ],
  },
  {
    id: 'clothing',
    title: 'Clothing',
    items: [
      { id: 'rain', label: 'Rain jacket' },
      { id: 'layers', label: 'A warm layer: Ozark nights get cold' },
      { id: 'boots', label: 'Over-the-ankle boots' },
      { id: 'change', label: 'Dry change of clothes and socks', weekendOnly: true },
    ],
  },
  {
    id: 'camp',
    title: 'Camp',
    items: [
      {
        id: 'shelter',
        label: 'Tent or hammock and a sleeping bag rated for the night’s low',
        weekendOnly: true,
      },
      { id: 'light', label: 'Camp light and spare batteries', weekendOnly: true },
      { id: 'trash', label: 'Trash bags: pack out everything you pack in', weekendOnly: true },
    ],
  },
];

/** The groups and items for a trip of `length`; groups left empty are dropped. */
export function packingListFor(length: TripLength): PackingGroup[] {
  return PACKING_LIST.map((group) => ({
    ...group,
    items: group.items.filter((item) => length === 'weekend' || !item.weekendOnly),
  })).filter((group) => group.items.length > 0);
}
