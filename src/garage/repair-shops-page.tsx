/**
 * /arkansas-repair-shops (requirements §voice-2.1, garage pages). The app lists a shop only from
 * a verified source or a rider's suggestion an admin has checked (repair-shop-suggestions.tsx);
 * data/ holds no verified list (data/README.md), so until riders suggest shops the page says
 * so plainly and tells the rider where to look and what to tell a shop, never invented shops.
 * Its server calls follow the query policy (`<OnlineQueries>`).
 */
import { Link } from 'react-aria-components';
import { Wrench } from 'lucide-react';
import { storeApprovedShops } from '../db/repair-shops.ts';
import { useStoredApprovedShops } from '../db-react/repair-shops.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { OnlineQueries } from '../lib/http/online-queries.tsx';
import { useApprovedShopsRefresh } from '../lib/repair-shops/repair-shop-queries.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { ApprovedShops, ShopReviewQueue, SuggestShop } from './repair-shop-suggestions.tsx';
import './garage.css';

/** Makers of ATVs and side-by-sides sold in the US; each maker's site has a dealer finder. */
const MAKER_SITES = [
  { name: 'Can-Am (BRP)', url: 'https://can-am.brp.com/' },
  { name: 'CFMOTO', url: 'https://cfmotousa.com/' },
  { name: 'Honda Powersports', url: 'https://powersports.honda.com/' },
  { name: 'Kawasaki', url: 'https://www.kawasaki.com/' },
  { name: 'Polaris', url: 'https://www.polaris.com/' },
  { name: 'Yamaha', url: 'https://www.yamahamotorsports.com/' },
] as const;

/** The repair shops page, with the query client its server calls go through. */
export function RepairShopsPage() {
  return (
    <OnlineQueries>
      <RepairShops />
    </OnlineQueries>
  );
}

/** Reviewed rider suggestions (or an honest empty state), where to look, what to say. */
function RepairShops() {
  usePageMeta({
    title: 'Arkansas Repair Shops',
    description:
      'Where to find an ATV or UTV repair shop in Arkansas, and what to tell the shop when you call.',
    keywords: ['ATV repair Arkansas', 'UTV mechanic', 'powersports dealer', 'service'],
    path: '/arkansas-repair-shops',
  });
  const db = useDatabase();
  const approved = useStoredApprovedShops();
  useApprovedShopsRefresh(useOnlineStatus(), (shops) => storeApprovedShops(db, shops));
  return (
    <article className="garage-page">
      <header>
        <h1>
          <Wrench aria-hidden="true" size={30} /> Repair Shops
        </h1>
      </header>
      <ApprovedShops shops={approved.shops} fetchedAt={approved.fetchedAt} />
      <SuggestShop />
      <ShopReviewQueue />
      <section className="garage-card" aria-labelledby="where-to-look">
        <h2 id="where-to-look">Where to look</h2>
        <ul>
          <li>
            <strong>Your brand’s dealer finder.</strong> Authorised dealers do warranty and recall
            work and have the diagnostic tools for your model. Each maker’s site has a dealer finder
            (you need signal to open it):
            <ul>
              {MAKER_SITES.map((maker) => (
                <li key={maker.url}>
                  <Link href={maker.url} target="_blank" rel="noreferrer">
                    {maker.name}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <strong>The riding area’s office or campground host.</strong> They know who comes out to
            the trailhead and who tows.
          </li>
          <li>
            <strong>Riders you meet on the trail</strong> and local riding clubs: ask who they
            trust, then call the shop yourself.
          </li>
        </ul>
      </section>
      <section className="garage-card" aria-labelledby="before-you-call">
        <h2 id="before-you-call">Before you call a shop</h2>
        <ul>
          <li>Have the make, model, year and the VIN from the frame or registration.</li>
          <li>
            Describe what it does and when. The <Link href="/diagnostic">Diagnostic Wizard</Link>{' '}
            walks you through the questions a mechanic will ask, with no signal needed.
          </li>
          <li>
            Ask whether they work on your brand, how long parts take, and whether they can tow.
          </li>
          <li>Ask for an estimate before any work starts.</li>
        </ul>
      </section>
    </article>
  );
}
