/**
 * /privacy-policy (requirements §core-2 Me): rendered entirely from
 * src/lib/privacy/stored-data.ts, the one list of what the app stores on the device and on the
 * server and what it sends to whom, which a unit test checks against the schemas, the local
 * documents and the server's tables.
 */
import {
  browserStoragePolicy,
  collectionPolicy,
  dataRecipients,
  localDocumentPolicy,
  notCollected,
  serverTablePolicy,
  type StoredItem,
} from '../lib/privacy/stored-data.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { AboutLinks } from './about-links.tsx';
import '../ui/info-page.css';

function StoredItems({ items }: { items: readonly StoredItem[] }) {
  return (
    <ul className="privacy-items">
      {items.map((item) => (
        <li key={item.name}>
          <h3>
            <code>{item.name}</code>
          </h3>
          <p>{item.holds}</p>
          <dl>
            <dt>Where</dt>
            <dd>{item.where === 'device' ? 'This device only' : `On the ${item.where}`}</dd>
            <dt>Kept</dt>
            <dd>{item.kept}</dd>
            <dt>Who else can read it</dt>
            <dd>{item.sharedWith}</dd>
            {item.onAccountDeletion ? (
              <>
                <dt>When you delete your account</dt>
                <dd>
                  {item.onAccountDeletion.action === 'deleted'
                    ? 'Deleted from the server and from your devices.'
                    : `Kept: ${item.onAccountDeletion.why}`}
                </dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function PolicySection({
  id,
  title,
  intro,
  items,
}: {
  id: string;
  title: string;
  intro: string;
  items: readonly StoredItem[];
}) {
  return (
    <section className="info-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{intro}</p>
      <StoredItems items={items} />
    </section>
  );
}

function Recipients() {
  return (
    <section className="info-section" aria-labelledby="privacy-sent">
      <h2 id="privacy-sent">What the app sends, and to whom</h2>
      <ul className="privacy-items">
        {dataRecipients.map((entry) => (
          <li key={entry.recipient}>
            <h3>{entry.recipient}</h3>
            <p>{entry.sends}</p>
            <p className="info-muted">When: {entry.when}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Choices() {
  return (
    <section className="info-section" aria-labelledby="privacy-choices">
      <h2 id="privacy-choices">Your choices</h2>
      <ul>
        <li>Use the app without an account: nothing you make leaves the device.</li>
        <li>
          Delete a trip or a waypoint in the app; the deletion reaches the server. Trip plans,
          reviews and progress have no delete button yet.
        </li>
        <li>Sign out on the Profile page to remove the sign-in tokens from this device.</li>
        <li>
          Clear this site’s data in your browser settings to remove everything the app keeps on the
          device.
        </li>
        <li>
          The app has no button to delete your own account. Ask whoever runs this installation: an
          administrator can delete it, which signs you out everywhere; the operator decides whether
          your stored items are then erased from the database.
        </li>
      </ul>
      <p className="info-muted">
        This page is built from the same list the app’s tests check against its code, so it changes
        when the app changes what it stores. It is a plain description, not legal advice.
      </p>
    </section>
  );
}

/** The /privacy-policy page. */
export function PrivacyPolicyPage() {
  usePageMeta({
    title: 'Privacy Policy',
    description:
      'Exactly what Natural State Trails stores on your device and on its server, what it sends and to whom. No analytics, no adverts.',
    keywords: ['privacy', 'data', 'offline', 'location', 'GPS tracks'],
    path: '/privacy-policy',
  });
  return (
    <article className="info-page" aria-labelledby="privacy-title">
      <header className="info-page__header">
        <p className="info-eyebrow">Me · Privacy</p>
        <h1 id="privacy-title">Privacy Policy</h1>
        <p className="info-lead">
          Natural State Trails keeps your data on your device first. This page lists everything it
          stores, where, for how long, and everyone it sends anything to.
        </p>
      </header>
      <section className="info-section" aria-labelledby="privacy-not">
        <h2 id="privacy-not">In short</h2>
        <ul>
          {notCollected.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <PolicySection
        id="privacy-collections"
        title="On this device: the app’s database"
        intro="The app’s database in your browser (IndexedDB, “natural-state-trails”) holds these collections. Items marked “device and server” are copied to the server only while you are signed in, and public catalogues come from the server to you."
        items={Object.values(collectionPolicy)}
      />
      <PolicySection
        id="privacy-local"
        title="On this device: settings and app state"
        intro="Small records in the same database that are never sent anywhere."
        items={localDocumentPolicy}
      />
      <PolicySection
        id="privacy-browser"
        title="On this device: browser storage"
        intro="Kept outside the database so the app can start, sign you in and work offline."
        items={browserStoragePolicy}
      />
      <PolicySection
        id="privacy-server"
        title="On the server"
        intro="The sync server of this installation keeps these tables. Whoever runs the installation operates that server."
        items={serverTablePolicy}
      />
      <Recipients />
      <Choices />
      <AboutLinks />
    </article>
  );
}
