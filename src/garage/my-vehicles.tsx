/**
 * "My vehicles" on /garage: the rider's vehicles with maintenance reminders from
 * the miles of recorded trips, and each vehicle's maintenance log. Everything is stored on the
 * device first (records, src/db/garage.ts), works offline and syncs once the rider is signed in.
 * How trip miles count toward a vehicle: src/lib/garage/reminders.ts.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Bike, Plus } from 'lucide-react';
import type { MaintenanceData, VehicleData } from '../../schemas/records.ts';
import {
  currentVehicleSettingKey,
  newGarageId,
  removeMaintenanceEntry,
  removeVehicle,
  saveMaintenanceEntry,
  saveVehicle,
  setCurrentVehicle,
  type CurrentVehicleSetting,
} from '../db/garage.ts';
import { useGarage } from '../db-react/garage.ts';
import { recordOwner } from '../db/records.ts';
import { useLocalSetting } from '../db-react/settings.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { useTrips } from '../db-react/trip-hooks.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { tripMilesSinceReading, vehicleAfterService } from '../lib/garage/reminders.ts';
import { showToast } from '../lib/toast.ts';
import { VehicleCard } from './vehicle-card.tsx';
import { VehicleForm } from './vehicle-form.tsx';

/** Tells the rider where a garage change went (device now, server once synced). */
function savedToast(what: string, signedIn: boolean) {
  showToast({
    title: signedIn
      ? `${what} saved. It syncs to your other devices.`
      : `${what} saved on this device. Sign in to keep it on your other devices too.`,
  });
}

/** Garage writes of the rider `owner`, with the trips whose miles count. */
function useGarageActions(owner: string, signedIn: boolean) {
  const db = useDatabase();
  const { trips } = useTrips();
  const current = useLocalSetting<CurrentVehicleSetting>(currentVehicleSettingKey, {
    vehicleId: null,
  });
  const fail = (error: unknown) =>
    showToast({ title: `Not saved: ${(error as Error).message}`, variant: 'destructive' });
  return {
    trips,
    currentVehicleId: current.value.vehicleId,
    saveVehicle: async (vehicle: VehicleData, isNew: boolean) => {
      try {
        await saveVehicle(db, owner, vehicle);
        // The first vehicle is the one the rider rides until they pick another.
        if (isNew && !current.value.vehicleId) {
          await setCurrentVehicle(db, owner, vehicle.vehicleId, trips);
        }
        savedToast('Vehicle', signedIn);
      } catch (error) {
        fail(error);
      }
    },
    ride: (vehicleId: string) => setCurrentVehicle(db, owner, vehicleId, trips).catch(fail),
    remove: (vehicleId: string) => removeVehicle(db, owner, vehicleId).catch(fail),
    logEntry: async (vehicle: VehicleData, estimated: number, entry: MaintenanceData) => {
      try {
        await saveMaintenanceEntry(db, owner, entry);
        const updated = vehicleAfterService(vehicle, estimated, entry.odometerMiles, Date.now());
        if (updated !== vehicle) await saveVehicle(db, owner, updated);
        savedToast('Maintenance entry', signedIn);
      } catch (error) {
        fail(error);
      }
    },
    removeEntry: (entryId: string) => removeMaintenanceEntry(db, owner, entryId).catch(fail),
  };
}

/** The "My vehicles" section: empty state, the add form and a card per vehicle. */
export function MyVehicles() {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const owner = recordOwner(signedIn ? session.user?.id : null);
  const { garage, isLoading } = useGarage(owner);
  const actions = useGarageActions(owner, signedIn);
  const [adding, setAdding] = useState<string | null>(null);
  // After the add form closes, focus returns to the button that opened it (keyboard riders).
  const [formClosed, setFormClosed] = useState(false);
  const closeForm = () => {
    setAdding(null);
    setFormClosed(true);
  };

  return (
    <section className="garage-card garage-vehicles" aria-labelledby="my-vehicles">
      <h2 id="my-vehicles">
        <Bike aria-hidden="true" size={24} /> My vehicles
      </h2>
      {!isLoading && garage.vehicles.length === 0 && !adding ? (
        <p>
          No vehicles yet. Add the machine you ride to keep its maintenance log and get reminders
          from the miles you record.
        </p>
      ) : null}
      {garage.vehicles.map((vehicle) => {
        const isCurrent = vehicle.vehicleId === actions.currentVehicleId;
        return (
          <VehicleCard
            key={vehicle.vehicleId}
            vehicle={vehicle}
            entries={garage.entries.filter((entry) => entry.vehicleId === vehicle.vehicleId)}
            isCurrent={isCurrent}
            tripMiles={isCurrent ? tripMilesSinceReading(vehicle, actions.trips) : 0}
            actions={actions}
          />
        );
      })}
      {adding ? (
        <VehicleForm
          initial={null}
          shownMiles={0}
          vehicleId={adding}
          onSave={(vehicle) => {
            closeForm();
            void actions.saveVehicle(vehicle, true);
          }}
          onCancel={closeForm}
        />
      ) : (
        <Button
          className="button button--primary"
          autoFocus={formClosed}
          onPress={() => setAdding(newGarageId())}
        >
          <Plus aria-hidden="true" size={20} /> Add a vehicle
        </Button>
      )}
    </section>
  );
}

/** What a vehicle card can do (see useGarageActions). */
export type GarageActions = ReturnType<typeof useGarageActions>;
