/**
 * One GPS fix on request (a button press), from the browser's Geolocation API. Needs no
 * network; the browser shows its own permission prompt the first time.
 */
import { useCallback, useState } from 'react';

/** Where a fix request stands; a located fix has decimal degrees and accuracy in metres. */
export type LocateState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; latitude: number; longitude: number; accuracyMetres: number }
  | { status: 'failed'; message: string };

/** `locate()` asks for one fix; `state` follows it. */
export function useLocate(): { state: LocateState; locate: () => void } {
  const [state, setState] = useState<LocateState>({ status: 'idle' });
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', message: 'This browser cannot share your location.' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setState({
          status: 'located',
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracyMetres: position.coords.accuracy,
        }),
      (error) =>
        setState({
          status: 'failed',
          message:
            error.code === error.PERMISSION_DENIED
              ? 'Location access is turned off for this site. Allow it in your browser settings, or pick a place another way.'
              : 'Your position could not be found just now. Try again in the open, or pick a place another way.',
        }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }, []);
  return { state, locate };
}
