/**
 * What Natural State Trails stores and sends, in one place: the /privacy-policy page is rendered
 * from these lists, and tests/unit/privacy/stored-data.test.ts checks them against the code
 * (schemas/index.ts collections, the RxDB local document ids and setting keys in src/db and
 * beyond, the browser storage keys, and the tables the sync server's migrations create), so a new
 * collection, local document or table without a line here fails the test.
 */
import { allCollections, type CollectionName } from '../../../schemas/collections/index.ts';
import {
  privacyWording,
  type PrivacyEntry,
  type StoredWhere,
} from '../../../schemas/collections/descriptor.ts';

export type { StoredWhere };

/** One kind of stored data, in words a rider can check. */
export interface StoredItem extends Omit<PrivacyEntry, 'onAccountDeletion'> {
  /** The storage name in code (collection, local document id, storage key or table). */
  name: string;
  /** What account deletion does with it (collections say; other kinds are described in words). */
  onAccountDeletion?: PrivacyEntry['onAccountDeletion'];
  /**
   * Local documents only: whether it holds the rider's own data and is removed from the device
   * when their account is deleted (src/db/account-data.ts). Device settings and public copies
   * stay. Every local document states it (tests/unit/privacy/account-data-policy.test.ts).
   */
  removedWithAccount?: boolean;
}

const { untilCleared, deviceOnly, riderSharedWith, publicCatalogue } = privacyWording;

/**
 * The collections on the device, each as the policy describes it: read from each collection's
 * descriptor (schemas/collections/), so a new collection cannot reach the device without its
 * entry.
 */
export const collectionPolicy = Object.fromEntries(
  allCollections.map((descriptor) => [
    descriptor.name,
    { name: descriptor.name, ...descriptor.privacy },
  ]),
) as Record<CollectionName, StoredItem>;

/**
 * RxDB local documents (device only, never synced): fixed ids, and `setting:<key>` for each
 * device setting.
 */
export const localDocumentPolicy: readonly StoredItem[] = [
  {
    name: 'saved-trails',
    removedWithAccount: true,
    holds: 'The ids of the trails you saved.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'gauge-readings',
    removedWithAccount: false,
    holds:
      'The last reading of each USGS stream gauge the waterway pages showed you (public USGS data: level, flow and when it was observed), so they show the last known level offline.',
    where: 'device',
    kept: 'Each gauge’s reading is replaced by a newer one when a waterway page is opened online.',
    sharedWith: deviceOnly,
  },
  {
    name: 'recording-session',
    removedWithAccount: true,
    holds: 'The trip being recorded right now, so a reload can carry on recording.',
    where: 'device',
    kept: 'Until the recording ends.',
    sharedWith: deviceOnly,
  },
  {
    name: 'catalogue-status',
    removedWithAccount: false,
    holds: 'When the public catalogues were last downloaded and the last download error.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'promoted-ids',
    removedWithAccount: true,
    holds: 'Which temporary ids of items made offline received which server ids.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'notification-log',
    removedWithAccount: true,
    holds:
      'Your notification centre: up to 100 notices of events on this device or in your synced data (sync problems, achievements, reviewed trail submissions, group ride changes, saved trails opening), with when you read them.',
    where: 'device',
    kept: 'Until you clear the centre; the oldest notices go first past 100.',
    sharedWith: deviceOnly,
  },
  {
    name: 'published-regulations',
    removedWithAccount: false,
    holds:
      'The duck seasons and trail seasons this installation’s administrators published (public information), so the duck hunting guide shows them offline.',
    where: 'device',
    kept: 'Replaced at every sync of the public catalogues.',
    sharedWith: deviceOnly,
  },
  {
    name: 'usage-queue',
    removedWithAccount: false,
    holds:
      'Page views, feature uses and error screens waiting to be counted: for each, the page’s route pattern (such as /trails/$trailId: never the trail, an id or a search), the feature’s name (trip recorded, GPX imported or exported, navigation started) or, for an error screen, the error’s type (such as TypeError, never its message), and the day (UTC). No account, position or time of day. Nothing is recorded when your browser sends Do Not Track or Global Privacy Control.',
    where: 'device',
    kept: 'Until sent to this installation’s server (while online, every 30 seconds); at most 500 entries, the oldest dropped first.',
    sharedWith:
      'No one reads it on the device; its counts go to this installation’s server as described under “What the app sends, and to whom”.',
  },
  {
    name: 'group-rides',
    removedWithAccount: true,
    holds:
      'Copies of the group rides you organise or joined (trail, meeting place, time, vehicle types, size limit, notes and the members’ usernames), with when each copy was last received, so a ride’s page opens with no signal and your group-ride achievements are counted. Members’ positions are not kept.',
    where: 'device',
    kept: 'Replaced each time your rides are fetched with signal (on the group rides and achievements pages); a ride you leave is removed.',
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:notification-preferences',
    removedWithAccount: false,
    holds: 'Which kinds of notification you want, and whether the system shows them too.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'legacy-migration',
    removedWithAccount: false,
    holds: 'When data from the older version of the app was copied into this one.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'map-regions',
    holds:
      'Which offline map regions you downloaded, their size, version and download state. The map files themselves are kept in the browser database "nst-map-archives".',
    where: 'device',
    kept: `${untilCleared} You can delete a region on the Maps page.`,
    sharedWith: deviceOnly,
    // Map files hold public map data only and stay for riding offline.
    removedWithAccount: false,
  },
  {
    name: 'collection-moves',
    holds:
      'Which reorganisations of the app’s storage this device has finished (for example achievement progress kept with your other records, map regions kept as a list).',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
    removedWithAccount: false,
  },
  {
    name: 'legacy-migration-unmapped',
    removedWithAccount: true,
    holds: 'Documents of the older version of the app that had no place in this one, kept unread.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:outdoor-settings',
    removedWithAccount: false,
    holds:
      'Outdoor settings: outdoor mode, contrast, glove mode, font size, voice level and so on.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:garage-current-vehicle',
    removedWithAccount: true,
    holds:
      'Which of your vehicles you ride on this device, so recorded trip miles count towards its maintenance reminders.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:pre-ride-checklist',
    removedWithAccount: true,
    holds:
      'Which items of the pre-ride checklist on the Safety page you ticked today (a completed day is kept in your records).',
    where: 'device',
    kept: 'Until you tick the next day’s checklist, or clear the site data.',
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:haptic-settings',
    removedWithAccount: false,
    holds: 'Vibration settings.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:emergency-settings',
    removedWithAccount: false,
    holds: 'Emergency settings: floating button, fall detection, check-in interval and so on.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:emergency-contacts',
    removedWithAccount: false,
    holds: 'Your emergency contacts: name, phone number, relation and priority.',
    where: 'device',
    kept: untilCleared,
    sharedWith:
      'No one: the app never sends them anywhere. In an emergency it opens your phone’s call or message app with a contact’s number filled in; you send the message yourself.',
  },
  {
    name: 'setting:medical-notes',
    removedWithAccount: false,
    holds: 'Medical notes you type for the emergency card.',
    where: 'device',
    kept: untilCleared,
    sharedWith: `${deviceOnly} They are shown on the emergency card on your screen.`,
  },
  {
    name: 'setting:emergency-log',
    removedWithAccount: false,
    holds: 'When the emergency screen was activated and whether it was a test.',
    where: 'device',
    kept: 'Entries older than the emergency data retention setting (30 days by default) are removed.',
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:theme',
    removedWithAccount: false,
    holds: 'The colour theme you picked.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:repair-shops-approved',
    removedWithAccount: false,
    holds:
      'The last list of repair shops riders suggested and an admin approved, so the page works with no signal.',
    where: 'device',
    kept: 'Replaced each time the repair shops or local services page fetches the list with signal.',
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:welcome-dismissed',
    removedWithAccount: false,
    holds: 'Whether you closed the welcome screen.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:campgroundPreferences',
    removedWithAccount: true,
    holds: 'Your favourite campgrounds and recent campground searches.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'setting:offline-speech-consent',
    removedWithAccount: false,
    holds:
      'That you agreed to download the offline speech model, which model and its size, and when you agreed.',
    where: 'device',
    kept: 'Until you cancel the download or remove the offline speech model, or clear the site data.',
    sharedWith: deviceOnly,
  },
  {
    name: 'account-deletion',
    holds:
      'Only while you asked to delete your account with no signal: the random id of that request and when you asked. Never your password.',
    where: 'device',
    kept: 'Until the deletion is carried out (when the device is back online and you have entered your password), or you cancel it.',
    sharedWith: deviceOnly,
    removedWithAccount: true,
  },
];

/** Browser storage outside the database: localStorage keys and service-worker caches. */
export const browserStoragePolicy: readonly StoredItem[] = [
  {
    name: 'localStorage user, accessToken, refreshToken, tokenExpiresAt',
    holds:
      'Your account (id, username, email, vehicle type, role) and the sign-in tokens, so you stay signed in for days without signal.',
    where: 'device',
    kept: 'Until you sign out (the tokens are removed) or clear the site data.',
    sharedWith: 'The tokens are sent only to this installation’s server, to prove who you are.',
  },
  {
    name: 'localStorage authReturnPath, authCleanupVersion',
    holds: 'The page to open after signing in, and a marker that old sign-in data was cleaned up.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'localStorage nst.theme, nst.recentFeatures, nst-offline-ready-announced, nst-sync-failure-logged',
    holds:
      'A copy of your theme for the first paint, the pages you opened recently, whether the "ready offline" notice was shown, and whether a failing sync has already been put in the notification centre.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'localStorage nst.map.attribution, nst.offline-speech.listing',
    holds: 'The map data credits and the list of offline speech model files.',
    where: 'device',
    kept: untilCleared,
    sharedWith: deviceOnly,
  },
  {
    name: 'IndexedDB nst-photos',
    holds:
      'The photos you attach (resized to at most 1,600 px, with a 320 px thumbnail, all camera metadata such as location removed), the list of those still to send, and the photos of other riders’ reports you opened, so they show offline.',
    where: 'device',
    kept: 'Your photos until the server has them and as long as the report, waypoint or trip shows them; opened photos until you clear the site data. All of them are removed from the device when your account is deleted.',
    sharedWith:
      'Your photos are sent to this installation’s server; a trail report’s photos are shown to every rider, a waypoint’s only to you.',
  },
  {
    name: 'Service worker caches',
    holds:
      'The app itself (every page and its code), and, once used, the offline speech model files and the larger feature code.',
    where: 'device',
    kept: 'Replaced when the app updates; until you clear the site data.',
    sharedWith: deviceOnly,
  },
];

/** Tables of the sync server's database (sync-server/storage/database.ts `ServerDatabase`). */
export const serverTablePolicy: readonly StoredItem[] = [
  {
    name: 'users',
    holds:
      'Your account: username, email (if you gave one), vehicle type, role, when it was created, and your password as an argon2id hash (never the password itself).',
    where: 'server',
    kept: 'Until an administrator deletes the account. A deleted account is marked deleted and signed out everywhere; the row stays.',
    sharedWith:
      'Administrators of this installation can list accounts (not password hashes). Their Fleet page shows each account’s username, role, when it joined, when it last synced, its synced trip count and miles and its garage vehicles (type, make, model, year, nickname, odometer), never the email or password.',
  },
  {
    name: 'refresh_tokens',
    holds: 'A SHA-256 hash of each sign-in token, with when it was issued, used and expires.',
    where: 'server',
    kept: 'Each token expires 30 days after its last use (configurable by the operator).',
    sharedWith: 'No one.',
  },
  {
    name: 'login_attempts',
    holds: 'How many sign-ins failed for a username in the current 15-minute window.',
    where: 'server',
    kept: 'Cleared at the next successful sign-in or when the window passes.',
    sharedWith: 'No one.',
  },
  {
    name: 'user_documents',
    holds:
      'Your synced trips, GPS tracks, waypoints, trip plans, trip context, achievement progress, lesson, game, garage and trail-submission records and campground reviews (the collections marked “device and server” above).',
    where: 'server',
    kept: 'Until you delete the item in the app, where the app offers that; a deletion marker stays so your other devices remove it too.',
    sharedWith: riderSharedWith,
  },
  {
    name: 'id_promotions',
    holds: 'Which server id each item you made offline received.',
    where: 'server',
    kept: 'As long as the account exists.',
    sharedWith: 'No one.',
  },
  {
    name: 'documents',
    holds:
      'The public catalogues (trails, WMAs, campgrounds, achievements), seeded from the shipped data.',
    where: 'server',
    kept: 'Replaced when the shipped data changes.',
    sharedWith: publicCatalogue,
  },
  {
    name: 'published_regulations',
    holds:
      'Duck seasons and trail seasons this installation’s administrators published, with their source, the day and the publishing administrator’s username.',
    where: 'server',
    kept: 'Until an administrator publishes a newer one for the same season or trail.',
    sharedWith:
      'Anyone: public information, listed with the username of the administrator who published it.',
  },
  {
    name: 'repair_shop_submissions',
    holds:
      'Repair shops you suggested (name, town, phone, website, what they work on, how you know them), with the admin’s review and, for a rejection, the reason.',
    where: 'server',
    kept: 'As long as the account exists.',
    sharedWith:
      'Administrators of this installation review every suggestion. Once approved, the shop and your username as the one who suggested it are public to every visitor of the repair shops page.',
  },
  {
    name: 'analytics_daily_counts',
    holds:
      'Usage counts of everyone together: per day, how many times each page (by route pattern) was opened, each counted feature was used and each type of error screen was shown on each page. No account, device, IP address or single visit is stored.',
    where: 'server',
    kept: 'For the life of the installation.',
    sharedWith: 'Administrators of this installation, on the Analytics Dashboard.',
  },
  {
    name: 'analytics_batches',
    holds:
      'The random id of each batch of counts a device sent and when it arrived, so a batch sent twice is counted once. Nothing ties an id to a person or device.',
    where: 'server',
    kept: '180 days.',
    sharedWith: 'No one.',
  },
  {
    name: 'group_rides',
    holds:
      'Group rides you organise: the trail, the meeting place (a trailhead or the trail’s start, with its coordinates), the time, vehicle types, size limit, your notes, whether it was cancelled, and when it was created and last changed.',
    where: 'server',
    kept: 'As long as the organiser’s account exists.',
    sharedWith:
      'Any signed-in rider who has the ride’s link sees the ride and its roster. The operator of this installation can read its database.',
  },
  {
    name: 'group_ride_members',
    holds:
      'Who joined each group ride and when, whether each member chose “Share my position with this ride”, and, only while they share, their last position (longitude, latitude, accuracy and time).',
    where: 'server',
    kept: 'Until the member leaves the ride or the account is deleted. A position is deleted as soon as the member stops sharing it.',
    sharedWith:
      'The roster (usernames) is shown to anyone signed in with the ride’s link; positions only to the ride’s members, and only of members who opted in. The operator of this installation can read its database.',
  },
  {
    name: 'account_deletions',
    holds:
      'For each account its rider deleted: the account’s internal id, when it was deleted and the random id of the deletion request. No username, email or other personal data.',
    where: 'server',
    kept: 'For the life of the installation, so your other devices learn of the deletion and clear your data, and a repeated request is carried out once.',
    sharedWith:
      'Administrators of this installation see only how many accounts were deleted each month.',
  },
  {
    name: 'photos',
    holds:
      'For each photo file received (kept on the server’s disk in DATA_DIR/photos, named by its SHA-256): its type, size in bytes and pixels, the account that sent it first, and the day, to count each rider’s photos per day. The files are as your device sent them: resized, without camera metadata.',
    where: 'server',
    kept: 'For the life of the installation. A photo is served only while a trail report that is not hidden shows it (to everyone), or your own waypoint or trip (to you); after your account is deleted, the photos you sent are deleted (file and row) within a day, except a photo a report still on the server shows.',
    sharedWith:
      'Photos of trail reports are shown to every rider; photos of your waypoints and trips only to you. The operator of this installation can read the files.',
  },
  {
    name: 'meta',
    holds:
      'Server settings: the generated token-signing secret and when the shipped data was last seeded.',
    where: 'server',
    kept: 'For the life of the installation.',
    sharedWith: 'No one.',
  },
];

/** One place the app sends data to, and what it sends. */
export interface DataRecipient {
  recipient: string;
  sends: string;
  when: string;
}

/** Every party the app sends data to (read from the code: src/lib/http, src/sync, src/map, src/lib/voice). */
export const dataRecipients: readonly DataRecipient[] = [
  {
    recipient: 'This installation’s own sync server (the address this app was opened from)',
    sends:
      'Sign-in and registration details; your synced data listed above; group rides you create, join or leave and, only while you tick “Share my position with this ride”, your position on that ride; requests for the public catalogues, offline map files and speech models. Its request log records each request’s method, address, status and your IP address; request bodies, passwords and tokens are left out of the log.',
    when: 'Whenever you have signal. Data made offline waits on the device until then.',
  },
  {
    recipient: 'This installation’s own sync server, as usage counts',
    sends:
      'Batches of counts from the usage-queue above: per day, how many times each page (route pattern only) was opened and each counted feature used, under a random batch id. Sent without your sign-in token or cookies, so they are not linked to your account; the server adds them to daily totals and keeps no single visit. Not sent to anyone else.',
    when: 'While online, every 30 seconds and when the connection comes back. Never when your browser sends Do Not Track or Global Privacy Control.',
  },
  {
    recipient:
      'The realtime voice provider this installation is set up with (an OpenAI Realtime API compatible service)',
    sends:
      'Your voice from the microphone and, when you use Show & Ask, the camera picture, sent straight from your browser; our server only asks the provider for a short-lived key and never sees the audio.',
    when: 'Only when you are signed in, the operator has configured a provider, and you press the voice assistant’s talk or camera button. Without a provider the assistant uses your browser’s own speech features or the offline speech model.',
  },
  {
    recipient: 'Your browser’s speech recognition service',
    sends:
      'Your voice, when the assistant falls back to the browser’s built-in speech recognition; some browsers (such as Chrome) send it to their maker’s servers.',
    when: 'Only while the assistant is listening and the browser’s own recognition is the speech engine in use.',
  },
  {
    recipient: 'Websites you choose to open',
    sends:
      'Links to outside sites (USGS, NOAA and weather pages, OpenStreetMap, directions in a maps service, manufacturers, land managers) send nothing by themselves; the site you open sees your visit like any other.',
    when: 'Only when you tap such a link.',
  },
];

/** What the app does not do, stated plainly on the policy page. */
export const notCollected: readonly string[] = [
  'No third-party analytics, advertising or tracking scripts are loaded. The only usage figures are the app’s own page and feature counts described above, kept by this installation’s server as daily totals.',
  'Map tiles come from this installation’s own server, not a third-party map service.',
  'Your location is read only while a page that needs it is open (recording, navigation, nearby searches, emergency). It is stored only in what you record or make (trips, waypoints, the current navigation), and put into an emergency message only when you choose to send one.',
  'Emergency contacts and medical notes never leave the device.',
];
