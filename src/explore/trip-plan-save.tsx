/**
 * Saving a planned trip (requirements §core-3 "Trip plan", §core-5): a name field (suggested
 * from the plan, e.g. "2-day ATV trip from Russellville") and Save plan. Names requirements §core-5
 * purges as outdated generic names are refused with a message saying why; nothing is saved.
 */
import { useState } from 'react';
import { Button, FieldError, Input, Label, TextField } from 'react-aria-components';
import { Save } from 'lucide-react';
import { useDatabase } from '../db-react/provider.tsx';
import { PlanNameError, savePlannedTrip } from '../db/trip-plans.ts';
import type { TripPlanData } from '../lib/trip-planner/plan-data.ts';
import { maxPlanNameLength, suggestedPlanName } from '../lib/trip-planner/saved-plan.ts';
import { plannerActivities } from './trip-planner-form.tsx';

/** Name field and Save plan button; `onSaved` gets the saved name. */
export function SavePlanForm({
  plan,
  onSaved,
}: {
  plan: TripPlanData;
  onSaved: (name: string) => void;
}) {
  const db = useDatabase();
  const activity =
    plannerActivities.find((chip) => chip.id === plan.request.activity)?.label ?? 'trail';
  const [name, setName] = useState(() => suggestedPlanName(plan, activity));
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await savePlannedTrip(db, plan, name);
      setError(null);
      onSaved(saved.name);
    } catch (failure) {
      setError(
        failure instanceof PlanNameError
          ? failure.message
          : 'The plan could not be saved on this device (its storage may be full). Nothing was changed.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="planner-save card"
      aria-label="Save plan"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        className="planner-field"
        value={name}
        onChange={setName}
        maxLength={maxPlanNameLength}
        isInvalid={error !== null}
        validationBehavior="aria"
      >
        <Label>Plan name</Label>
        <Input />
        <FieldError className="planner-error">{error}</FieldError>
      </TextField>
      <Button type="submit" className="button button--primary" isDisabled={isSaving}>
        <Save size={18} aria-hidden="true" /> Save plan
      </Button>
    </form>
  );
}
