/**
 * /fleet (requirements §core-6: admin only, enforced by the route's directory entry
 * through the root layout's RoleGate and by the server's 401/403): the installation's riders
 * and their garage vehicles from `GET /api/admin/fleet`: username, role, joined, last sync,
 * synced trips and miles, and each vehicle's type, make, model, year, nickname and odometer,
 * with totals per vehicle type, a search and a type filter. No email or password is sent to the
 * page. Offline it says it needs a connection and shows nothing.
 */
import { useMemo, useState } from 'react';
import { Input, Label, SearchField, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { FleetOverview, FleetRider, FleetVehicle } from '../../schemas/analytics.ts';
import { garageVehicleTypes, type GarageVehicleType } from '../../schemas/records.ts';
import { fetchFleet } from '../lib/analytics/analytics-api.ts';
import { filterFleet, vehicleTypeLabels } from '../lib/analytics/fleet-filter.ts';
import { formatDateTime } from '../lib/format.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { AdminDataNotice } from './admin-data-notice.tsx';
import { useAdminData } from './use-admin-data.ts';
import '../ui/info-page.css';
import './admin-tools.css';

const allTypes = 'all';

const roleLabels: Record<FleetRider['role'], string> = {
  admin: 'Admin',
  test: 'Test',
  user: 'Rider',
};

function Totals({ fleet }: { fleet: FleetOverview }) {
  const vehicles = fleet.totalsByType.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <section className="info-section" aria-labelledby="fleet-totals">
      <h2 id="fleet-totals">Totals</h2>
      <dl className="info-figures admin-figures" data-testid="fleet-totals">
        <div>
          <dt>Accounts</dt>
          <dd>{fleet.riders.length}</dd>
        </div>
        <div>
          <dt>Vehicles</dt>
          <dd>{vehicles}</dd>
        </div>
        {fleet.totalsByType.map((entry) => (
          <div key={entry.type}>
            <dt>{vehicleTypeLabels[entry.type]}</dt>
            <dd data-vehicle-type={entry.type}>{entry.count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Accounts deleted by their riders per month: counts only, nothing of the accounts. */
function Deletions({ fleet }: { fleet: FleetOverview }) {
  return (
    <section className="info-section" aria-labelledby="fleet-deletions">
      <h2 id="fleet-deletions">Accounts deleted by their riders</h2>
      {fleet.deletionsByMonth.length === 0 ? (
        <p className="info-muted">No rider has deleted their account.</p>
      ) : (
        <dl className="info-figures admin-figures" data-testid="fleet-deletions">
          {fleet.deletionsByMonth.map((entry) => (
            <div key={entry.month}>
              <dt>{monthFormat.format(new Date(`${entry.month}-01T00:00:00Z`))}</dt>
              <dd>{entry.count}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function Filters(props: {
  search: string;
  onSearch: (text: string) => void;
  type: GarageVehicleType | null;
  onType: (type: GarageVehicleType | null) => void;
}) {
  return (
    <div className="admin-filter">
      <SearchField value={props.search} onChange={props.onSearch} className="admin-field">
        <Label>Find a rider or vehicle</Label>
        <Input placeholder="Username, make, model or nickname" />
      </SearchField>
      <span id="fleet-type-label" className="admin-filter__label">
        Vehicle type
      </span>
      <ToggleButtonGroup
        className="admin-chips"
        aria-labelledby="fleet-type-label"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[props.type ?? allTypes]}
        onSelectionChange={(keys) => {
          const key = [...keys][0];
          props.onType(garageVehicleTypes.find((type) => type === key) ?? null);
        }}
      >
        <ToggleButton id={allTypes} className="admin-chip">
          All
        </ToggleButton>
        {garageVehicleTypes.map((type) => (
          <ToggleButton key={type} id={type} className="admin-chip">
            {vehicleTypeLabels[type]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}

function vehicleName(vehicle: FleetVehicle): string {
  return [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null).join(' ');
}

function RiderCard({ rider }: { rider: FleetRider }) {
  return (
    <li className="fleet-rider" data-testid="fleet-rider">
      <h3>
        {rider.username} <span className="fleet-role">{roleLabels[rider.role]}</span>
      </h3>
      <p className="info-muted">
        Joined {formatDateTime(rider.joinedAt)} · Last sync{' '}
        {rider.lastSyncAt === null ? 'never' : formatDateTime(rider.lastSyncAt)} · {rider.tripCount}{' '}
        {rider.tripCount === 1 ? 'trip' : 'trips'}, {rider.tripMiles.toLocaleString('en-US')} mi
      </p>
      {rider.vehicles.length === 0 ? (
        <p className="info-muted">No vehicles in the garage.</p>
      ) : (
        <ul className="fleet-vehicles">
          {rider.vehicles.map((vehicle) => (
            <li key={vehicle.vehicleId}>
              <strong>{vehicleName(vehicle)}</strong> ({vehicleTypeLabels[vehicle.type]})
              {vehicle.nickname ? ` “${vehicle.nickname}”` : ''} ·{' '}
              {vehicle.odometerMiles.toLocaleString('en-US')} mi on the odometer
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function FleetView({ fleet }: { fleet: FleetOverview }) {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<GarageVehicleType | null>(null);
  const shown = useMemo(() => filterFleet(fleet.riders, search, type), [fleet, search, type]);
  return (
    <>
      <Totals fleet={fleet} />
      <Deletions fleet={fleet} />
      <section className="info-section" aria-labelledby="fleet-riders">
        <h2 id="fleet-riders">Riders and their vehicles</h2>
        <Filters search={search} onSearch={setSearch} type={type} onType={setType} />
        <p className="info-muted" aria-live="polite">
          {shown.length} of {fleet.riders.length} accounts shown.
        </p>
        <ul className="fleet-riders">
          {shown.map((rider) => (
            <RiderCard key={rider.username} rider={rider} />
          ))}
        </ul>
      </section>
    </>
  );
}

/** The /fleet page. */
export function FleetPage() {
  usePageMeta({
    title: 'Fleet Dashboard',
    description: 'The riders of this installation and the vehicles in their garages.',
    keywords: ['fleet', 'vehicles', 'riders', 'admin'],
    path: '/fleet',
  });
  const fleet = useAdminData(fetchFleet, 'fleet');
  return (
    <article className="info-page admin-page" aria-labelledby="fleet-title">
      <header className="info-page__header">
        <p className="info-eyebrow">Admin</p>
        <h1 id="fleet-title">Fleet Dashboard</h1>
        <p className="info-lead">
          Every account of this installation with its synced trips and the vehicles riders keep in
          their garage. Odometers and trips are as last synced from the riders’ devices; emails and
          passwords are never shown here.
        </p>
      </header>
      {fleet.state === 'ready' ? (
        <FleetView fleet={fleet.data} />
      ) : (
        <AdminDataNotice data={fleet} loading="Loading the fleet…" />
      )}
    </article>
  );
}
