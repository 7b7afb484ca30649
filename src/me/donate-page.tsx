/**
 * /donate (requirements §core-2 Me; requirements §voice-1: the app is free and "built and
 * maintained by one person", the home banner's words): what the app is, what donations are meant to
 * pay for, and the installation's donation address from `VITE_DONATION_URL` (src/lib/donation.ts).
 * Without an address the page says so instead of showing a dead link.
 */
import { ExternalLink, HandHeart } from 'lucide-react';
import { parseDonationUrl } from '../lib/donation.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { AboutLinks } from './about-links.tsx';
import '../ui/info-page.css';

/** What donations are meant to pay for: intentions, not an account of spending. */
const donationUses: readonly string[] = [
  'Running the sync server that keeps your trips, plans and waypoints in step between devices.',
  'Hosting the offline map files and the trail, campground and Wildlife Management Area data every visitor downloads.',
  'Time to check trail data against land managers’ sources and to keep the app working offline.',
];

/** The /donate page; the address is the build's `VITE_DONATION_URL` (README "Configuration"). */
export function DonatePage() {
  usePageMeta({
    title: 'Donate',
    description:
      'Natural State Trails is free and built and maintained by one person. See what donations are meant to pay for and how to give.',
    keywords: ['donate', 'support', 'free app', 'Arkansas trails'],
    path: '/donate',
  });
  const address = parseDonationUrl(import.meta.env.VITE_DONATION_URL);
  return (
    <article className="info-page" aria-labelledby="donate-title">
      <header className="info-page__header">
        <p className="info-eyebrow">Me · Donate</p>
        <h1 id="donate-title">Support Natural State Trails</h1>
        <p className="info-lead">
          A free, offline-first trail app for Arkansas riders, hikers, campers, hunters and anglers.
          There are no adverts and no paid tier.
        </p>
      </header>
      <section className="info-section" aria-labelledby="donate-who">
        <h2 id="donate-who">Who builds it</h2>
        <p>
          As the banner on the home page says, the app is built and maintained by one person. It
          shows public data from land managers and other sources, each fact with its source; showing
          their data does not mean those agencies endorse the app.
        </p>
      </section>
      <section className="info-section" aria-labelledby="donate-uses">
        <h2 id="donate-uses">What donations are for</h2>
        <p>Donations are meant to pay for:</p>
        <ul>
          {donationUses.map((use) => (
            <li key={use}>{use}</li>
          ))}
        </ul>
        <p className="info-muted">
          These are intentions, not a published account: the app does not report income or spending.
          Donating unlocks nothing; every feature stays free.
        </p>
      </section>
      <section className="info-section" aria-labelledby="donate-how">
        <h2 id="donate-how">How to donate</h2>
        {address ? (
          <>
            <p>
              Donations for this installation go through <strong>{address.hostname}</strong>. The
              link opens that site in a new tab; it needs a network connection.
            </p>
            <a
              className="button button--primary info-action"
              href={address.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <HandHeart size={20} aria-hidden="true" />
              Donate on {address.hostname}
              <ExternalLink size={16} aria-hidden="true" />
            </a>
          </>
        ) : (
          <p className="info-callout" role="status">
            Donations are not set up on this installation. Whoever runs it has not configured a
            donation address yet.
          </p>
        )}
        <p className="info-muted">
          Other ways to help: tell us about wrong trail data, and share the app with riders you
          know.
        </p>
      </section>
      <AboutLinks />
    </article>
  );
}
