/**
 * /terms-of-service (requirements §core-2 Me): plain terms for a free offline trail app:
 * rider safety and what the app can and cannot do in an emergency, outdated data and closures,
 * the data licences (OpenStreetMap ODbL; public-domain USFS, USGS and RIDB data; data/README.md
 * lists every source), and accounts. It claims nothing the project cannot stand behind and says
 * it is not legal advice.
 */
import { usePageMeta } from '../ui/page-meta.ts';
import { AboutLinks } from './about-links.tsx';
import '../ui/info-page.css';

interface TermsSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

const sections: readonly TermsSection[] = [
  {
    id: 'terms-use',
    title: 'Using the app',
    paragraphs: [
      'Natural State Trails is free. You may use it for your own riding, hiking, camping, hunting and fishing trips. Do not use it to harm others, to break the law, or to overload or attack the server.',
      'The app works offline with the data it last downloaded. It needs a network connection for the first download, for syncing, and for links to outside websites.',
    ],
  },
  {
    id: 'terms-safety',
    title: 'Your safety is your responsibility',
    paragraphs: [
      'The app cannot call or text anyone by itself. Its emergency buttons open your phone’s call or message app with the number and message filled in; you must place the call or send the message. Without signal, calls and messages may not go through at all.',
      'Fall detection and check-in reminders only work while the app is open and the phone allows it; they can miss a fall or raise a false alarm.',
      'GPS positions, distances and elevations can be wrong, especially under trees and in valleys. Carry a paper map and tell someone where you are going.',
      'You are responsible for your vehicle, your equipment, your route and for following the rules of the land you ride on, including vehicle classes, seasons, permits and hunting regulations.',
    ],
  },
  {
    id: 'terms-data',
    title: 'Trail data can be outdated',
    paragraphs: [
      'Trail, campground, hunting and waterway information comes from public sources and may be out of date or wrong. Closures, seasons, fees and rules change, often without notice. Values the sources do not give are shown as unknown.',
      'Always check with the land manager (for example the U.S. Forest Service, Arkansas State Parks or the Arkansas Game and Fish Commission) before you ride, camp or hunt. Signs and closures on the ground override the app.',
    ],
  },
  {
    id: 'terms-licences',
    title: 'Data licences and credits',
    paragraphs: [
      'Map and place data from OpenStreetMap is © OpenStreetMap contributors and available under the Open Database License (ODbL); the map shows this credit.',
      'Data from the U.S. Forest Service, the U.S. Geological Survey and Recreation.gov (RIDB) is published by the U.S. government and is in the public domain. Each trail, campground and waypoint lists its own source in the app.',
      'The app does not claim ownership of any of this data. Reuse it under its own licence, not through the app.',
    ],
  },
  {
    id: 'terms-accounts',
    title: 'Accounts',
    paragraphs: [
      'You can use the app without an account. An account lets your trips, plans and waypoints sync between your devices.',
      'Keep your password to yourself; you are responsible for what is done with your account. The people who run this installation can delete accounts that break these terms, and they can read what is stored on their server (see the privacy policy).',
    ],
  },
  {
    id: 'terms-no-warranty',
    title: 'No guarantee',
    paragraphs: [
      'The app is provided as it is, without any promise that it is complete, correct or always available. As far as the law allows, the people who build and run it are not liable for loss or injury that comes from relying on it.',
      'These terms are written in plain words for riders. They are not legal advice; if you need to know your rights, ask a lawyer.',
    ],
  },
];

/** The /terms-of-service page. */
export function TermsOfServicePage() {
  usePageMeta({
    title: 'Terms of Service',
    description:
      'Plain terms for using Natural State Trails: your safety, outdated data and closures, data licences and accounts.',
    keywords: ['terms', 'safety', 'data licence', 'OpenStreetMap', 'accounts'],
    path: '/terms-of-service',
  });
  return (
    <article className="info-page" aria-labelledby="terms-title">
      <header className="info-page__header">
        <p className="info-eyebrow">Me · Terms</p>
        <h1 id="terms-title">Terms of Service</h1>
        <p className="info-lead">
          By using Natural State Trails you agree to these terms. They are short on purpose.
        </p>
      </header>
      {sections.map((section) => (
        <section key={section.id} className="info-section" aria-labelledby={section.id}>
          <h2 id={section.id}>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <AboutLinks />
    </article>
  );
}
