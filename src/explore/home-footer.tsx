/**
 * Home page footer with data attribution, loaded lazily when the rider scrolls near it
 * (requirements §voice-2.2 "A footer script loads lazily after a scroll threshold of 0.1"). The
 * credits are the licences of the shipped data (data/places/README.md "Sources and licences").
 */
import { Link } from '@tanstack/react-router';

/** Attribution for every dataset on the device, plus the legal links. */
export function HomeFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="home-footer">
      <div className="home-footer__brand">
        <p className="home-footer__name">Natural State Trails</p>
        <p className="home-footer__tagline">Free, offline-first trail maps for Arkansas.</p>
      </div>
      <div className="home-footer__credits">
        <h2 className="home-footer__heading">Data sources</h2>
        <ul>
          <li>
            Map and campsite data ©{' '}
            <a
              href="https://www.openstreetmap.org/copyright"
              target="_blank"
              rel="noopener noreferrer"
            >
              OpenStreetMap contributors
            </a>
            , available under the Open Database License (ODbL 1.0).
          </li>
          <li>
            Federal recreation facilities from{' '}
            <a href="https://ridb.recreation.gov/" target="_blank" rel="noopener noreferrer">
              Recreation.gov RIDB
            </a>{' '}
            (US public domain).
          </li>
          <li>
            Towns, rivers and lakes from{' '}
            <a href="https://www.naturalearthdata.com/" target="_blank" rel="noopener noreferrer">
              Natural Earth
            </a>{' '}
            (public domain).
          </li>
          <li>
            State and county boundaries from US Census Bureau cartographic boundaries via us-atlas
            (ISC).
          </li>
          <li>
            Wildlife Management Area points after the Arkansas Game and Fish Commission; all WMA
            points are approximate.
          </li>
        </ul>
      </div>
      <nav className="home-footer__legal" aria-label="Legal">
        <Link to="/privacy-policy">Privacy policy</Link>
        <Link to="/terms-of-service">Terms of service</Link>
        <Link to="/donate">Donate</Link>
      </nav>
      <p className="home-footer__fine">
        © {year} Natural State Trails. Trail conditions, closures and fees change: check with the
        land manager before you ride.
      </p>
    </footer>
  );
}
