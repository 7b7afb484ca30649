/** Links between the donate, privacy and terms pages, as full-size buttons (touch targets). */
import { Link } from '@tanstack/react-router';

const pages = [
  { to: '/donate', label: 'Donate' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/terms-of-service', label: 'Terms of service' },
] as const;

/** The three "about" pages; the current one is marked and not a link. */
export function AboutLinks() {
  return (
    <nav className="info-links" aria-label="About this app">
      <ul>
        {pages.map((page) => (
          <li key={page.to}>
            <Link
              to={page.to}
              className="button button--ghost"
              activeProps={{ 'aria-current': 'page' }}
            >
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
