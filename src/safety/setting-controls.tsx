/**
 * Small labelled form controls of the safety settings: native elements (they work with gloves,
 * screen readers and the glove-mode size rules in src/ui/theme.css), each saved on change.
 */
import { useId, useState, type ReactNode } from 'react';

/** A checkbox row with a label and an optional explanation. */
export function ToggleSetting({
  label,
  checked,
  onChange,
  description,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
  /** When the device cannot do it; the description says why. */
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="setting">
      <input
        id={id}
        type="checkbox"
        className="setting__checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={description ? `${id}-help` : undefined}
      />
      <label htmlFor={id} className="setting__label">
        {label}
      </label>
      {description ? (
        <p id={`${id}-help`} className="setting__help">
          {description}
        </p>
      ) : null}
    </div>
  );
}

/** A select row; `options` are value/label pairs. */
export function SelectSetting<T extends string | number>({
  label,
  value,
  options,
  onChange,
  description,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  description?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="setting setting--field">
      <label htmlFor={id} className="setting__label">
        {label}
      </label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      {description ? <p className="setting__help">{description}</p> : null}
    </div>
  );
}

/** A number row with min/max; invalid input is not saved. `unit` is shown after the field. */
export function NumberSetting({
  label,
  value,
  min,
  max,
  unit,
  onChange,
  disabled = false,
  description,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  unit: string;
  onChange: (value: number) => void;
  disabled?: boolean;
  description?: ReactNode;
}) {
  const id = useId();
  // The draft lets the rider type "15" through an out-of-range "1"; only valid values are saved.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(value);
  const valid = (text: string) => {
    const next = Number(text);
    return text.trim() !== '' && Number.isFinite(next) && next >= min && next <= max;
  };
  return (
    <div className="setting setting--field">
      <label htmlFor={id} className="setting__label">
        {label}
      </label>
      <span className="setting__number">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={shown}
          disabled={disabled}
          aria-invalid={!valid(shown)}
          onChange={(event) => {
            setDraft(event.target.value);
            if (valid(event.target.value)) onChange(Number(event.target.value));
          }}
          onBlur={() => setDraft(null)}
        />
        <span>{unit}</span>
      </span>
      {description ? <p className="setting__help">{description}</p> : null}
    </div>
  );
}
