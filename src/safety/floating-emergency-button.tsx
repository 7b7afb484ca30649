/**
 * The emergency button shown on every page when alwaysShowEmergencyButton is on (requirements
 * §core-3 Emergency settings: emergencyPanelMode floating/full/compact, emergencyPanelPosition,
 * emergencyButtonSize). One tap opens /emergency, where the panic button is held. The full bar
 * collapses to the compact pill after emergencyUITimeout seconds so it never hides a page for
 * long.
 */
import { useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { Link } from 'react-aria-components';
import { Siren } from 'lucide-react';
import type {
  EmergencyButtonSize,
  EmergencyPanelMode,
  EmergencyPanelPosition,
} from '../lib/outdoor/outdoor-settings.ts';
import './floating-emergency-button.css';

/** Props: the panel settings; uiTimeoutS in seconds. */
export interface FloatingEmergencyButtonProps {
  mode: EmergencyPanelMode;
  position: EmergencyPanelPosition;
  size: EmergencyButtonSize;
  uiTimeoutS: number;
}

/** The floating emergency link; hidden on the emergency page itself. */
export function FloatingEmergencyButton({
  mode,
  position,
  size,
  uiTimeoutS,
}: FloatingEmergencyButtonProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [collapsedOn, setCollapsedOn] = useState<string | null>(null);
  useEffect(() => {
    if (mode !== 'full') return;
    const timer = setTimeout(() => setCollapsedOn(pathname), uiTimeoutS * 1000);
    return () => clearTimeout(timer);
  }, [mode, pathname, uiTimeoutS]);
  if (pathname === '/emergency') return null;
  const shown = mode === 'full' && collapsedOn === pathname ? 'compact' : mode;
  return (
    <Link
      href="/emergency"
      className={`emergency-fab emergency-fab--${shown} emergency-fab--${position} emergency-fab--${size}`}
      aria-label="Emergency: open the SOS screen"
    >
      <Siren aria-hidden="true" className="emergency-fab__icon" />
      {shown === 'full' ? <span>Emergency · SOS</span> : null}
      {shown === 'compact' ? <span>SOS</span> : null}
    </Link>
  );
}
