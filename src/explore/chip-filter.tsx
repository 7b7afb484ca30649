/**
 * One row of single-choice filter chips with an "all" chip first (the activity, difficulty and
 * region filters of /ai-trails): keyboard operable through react-aria's ToggleButtonGroup, and
 * never empty, so exactly one chip is always selected.
 */
import type { ReactNode } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

/** Key of the chip that clears the filter. */
export const ALL_CHIP = 'all';

export interface ChipOption<Value extends string> {
  value: Value;
  label: ReactNode;
}

/**
 * A labelled chip row. `selected` null selects the "all" chip; `onSelect` receives the chosen
 * option's value, or null for "all".
 */
export function ChipFilter<Value extends string>({
  id,
  label,
  allLabel,
  options,
  selected,
  onSelect,
}: {
  id: string;
  label: string;
  allLabel: string;
  options: readonly ChipOption<Value>[];
  selected: Value | null;
  onSelect: (value: Value | null) => void;
}) {
  const labelId = `${id}-filter-label`;
  return (
    <div className="filter-group">
      <span className="filter-group__label" id={labelId}>
        {label}
      </span>
      <ToggleButtonGroup
        className="chip-row"
        aria-labelledby={labelId}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[selected ?? ALL_CHIP]}
        onSelectionChange={(keys) => {
          const key = [...keys][0];
          onSelect(options.find((option) => option.value === key)?.value ?? null);
        }}
      >
        <ToggleButton id={ALL_CHIP} className="chip">
          {allLabel}
        </ToggleButton>
        {options.map((option) => (
          <ToggleButton key={option.value} id={option.value} className="chip">
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
