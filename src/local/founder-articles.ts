/**
 * The Founder's Story articles (/blog, requirements §core-2 "Founder's Story"), kept in the
 * repository so they ship with the app and read offline. They tell the project's own story and
 * purpose and nothing more: the specs say only that the app is "built and maintained by one
 * person" (requirements §voice-1), so no name, biography or history is given.
 */

/** A block of an article: a paragraph or a bulleted list. */
export type ArticleBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** One article. `slug` is its anchor on /blog (`/blog#<slug>`). */
export interface FounderArticle {
  slug: string;
  title: string;
  /** One-line summary for the contents list. */
  summary: string;
  blocks: readonly ArticleBlock[];
  /** Shows the live counts of the data on this device after the text. */
  showsDataCounts?: boolean;
}

const p = (text: string): ArticleBlock => ({ kind: 'paragraph', text });

/** The articles, in reading order. */
export const founderArticles: readonly FounderArticle[] = [
  {
    slug: 'why-this-app',
    title: 'Why this app exists: riders ride where there is no signal',
    summary: 'The problem the app is built around, and who builds it.',
    blocks: [
      p(
        'Natural State Trails is built and maintained by one person. That is all this page will say about who: the app is about the trails, not about its maker.',
      ),
      p(
        'The reason it exists is simple. The best riding in Arkansas is in the Ozark and Ouachita hills, in river bottoms and on national forest roads, and that is exactly where a phone loses its signal. A trail app that needs the internet fails at the trailhead, which is the moment a rider needs it most.',
      ),
      p('So the app is built around a few promises:'),
      {
        kind: 'list',
        items: [
          'Every page you opened once with signal opens again with none.',
          'The trail list, campgrounds and Wildlife Management Areas live on your phone, not only on a server.',
          'A ride you record, a plan you make or a waypoint you drop offline is kept on the phone and reaches the server later, exactly once.',
          'The app is free to use, for ATV, UTV, 4x4 and dirt-bike riders, campers, hikers, cyclists, hunters and anglers.',
        ],
      },
    ],
  },
  {
    slug: 'what-offline-first-means',
    title: 'What "offline-first" means here',
    summary: 'What works with no signal, what does not, and why.',
    blocks: [
      p(
        'Offline-first means the phone is the main copy. Every screen reads from a database inside your browser, and the network only fills that database when it can. When you open the app with signal, it quietly refreshes the trail list, campgrounds and WMAs; with no signal, it simply shows what it already has.',
      ),
      p('What works with no signal, once you have opened the app with signal:'),
      {
        kind: 'list',
        items: [
          'Every page of the app, after a reload too.',
          'The trail list, trail pages, campgrounds and your saved trails.',
          'The map, for each region you downloaded on the map page.',
          'Recording a ride and GPS navigation (GPS needs satellites, not a phone signal).',
          'Your emergency card.',
        ],
      },
      p('What still needs a signal, and the app says so where it matters:'),
      {
        kind: 'list',
        items: [
          'Directions in Google Maps and links to outside web pages.',
          'Sending a text or placing a call. A browser cannot do either by itself; the app opens your phone’s messages or dialler, and the message goes when the phone has signal.',
          'Signing in, and syncing your rides between devices.',
        ],
      },
    ],
  },
  {
    slug: 'where-the-data-comes-from',
    title: 'Where the data comes from, and what we do not know',
    summary: 'Sources for every place, and why many values say "unknown".',
    showsDataCounts: true,
    blocks: [
      p(
        'Every trail, campground and Wildlife Management Area in the app carries its sources: public agency pages, Recreation.gov (RIDB, US federal data) and OpenStreetMap records (© OpenStreetMap contributors, ODbL). Each place page lists them so you can check.',
      ),
      p(
        'Where no source gives a value, the app says "unknown" rather than guess. That is why many trails show no fee, no length or no difficulty: a blank that looks like "free" or "easy" could put a rider in the wrong place at the wrong time.',
      ),
      p(
        'Most trailhead points are approximate, placed from a nearby record rather than surveyed, and pages say so. A few places the product was first described with, such as Carter’s Riding Park, could not be found in any source; their pages say "location not yet verified" and show no map.',
      ),
      p(
        'Figures that came only from the app’s original product brief, such as trail lengths on the home page cards, are labelled "not verified". Fees, seasons and closures change; the page of each place links to whoever runs it.',
      ),
    ],
  },
];
