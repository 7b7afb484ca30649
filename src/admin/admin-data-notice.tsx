/**
 * What an admin page shows while its server data is not here: offline, that the page
 * needs a connection and that nothing is shown until then; loading, a spinner; a failure, the
 * server's message. Never figures of its own.
 */
import { CloudOff } from 'lucide-react';
import { Spinner } from '../ui/spinner.tsx';
import type { AdminData } from './use-admin-data.ts';

/** The notice for `data` in any state but ready (null when ready). */
export function AdminDataNotice<T>({ data, loading }: { data: AdminData<T>; loading: string }) {
  if (data.state === 'offline') {
    return (
      <p className="info-callout admin-offline" role="status">
        <CloudOff aria-hidden="true" size={20} /> This page needs a connection: its figures live on
        this installation’s server, not on the device. Nothing is shown until you are online.
      </p>
    );
  }
  if (data.state === 'loading') return <Spinner label={loading} />;
  if (data.state === 'failed') {
    return (
      <p className="info-callout" role="alert">
        Could not load: {data.message}
      </p>
    );
  }
  return null;
}
