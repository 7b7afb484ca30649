/**
 * Labelled react-aria form fields of the garage forms (vehicles, maintenance entries): each
 * shows its validation message under it after a submit attempt (FieldError), and every control
 * is at least var(--touch-target) tall (44 px, 60 px in glove mode).
 */
import {
  Button,
  FieldError,
  Input,
  Label,
  NumberField,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';

/** A text field; `validate` returns the message for a bad value, null when fine. */
export function GarageTextField({
  name,
  label,
  defaultValue,
  isRequired = false,
  maxLength,
  multiline = false,
  validate,
}: {
  name: string;
  label: string;
  defaultValue: string;
  isRequired?: boolean;
  maxLength: number;
  multiline?: boolean;
  validate?: (value: string) => string | null;
}) {
  return (
    <TextField
      className="garage-field"
      name={name}
      defaultValue={defaultValue}
      isRequired={isRequired}
      maxLength={maxLength}
      {...(validate ? { validate } : {})}
    >
      <Label>{label}</Label>
      {multiline ? <TextArea rows={3} /> : <Input />}
      <FieldError className="garage-field__error" />
    </TextField>
  );
}

/**
 * A number field (whole numbers unless `fractionDigits`); NaN while empty. `hint` is shown
 * under the label, e.g. where a figure comes from.
 */
export function GarageNumberField({
  name,
  label,
  defaultValue,
  minValue,
  maxValue,
  isRequired = false,
  grouping = true,
  hint,
  validate,
}: {
  name: string;
  label: string;
  defaultValue: number | null;
  minValue: number;
  maxValue: number;
  isRequired?: boolean;
  grouping?: boolean;
  hint?: string;
  validate?: (value: number) => string | null;
}) {
  return (
    <NumberField
      className="garage-field"
      name={name}
      defaultValue={defaultValue ?? Number.NaN}
      minValue={minValue}
      maxValue={maxValue}
      isRequired={isRequired}
      formatOptions={{ useGrouping: grouping, maximumFractionDigits: 1 }}
      {...(validate ? { validate } : {})}
    >
      <Label>{label}</Label>
      <Input inputMode="decimal" />
      {hint ? (
        <Text slot="description" className="garage-source">
          {hint}
        </Text>
      ) : null}
      <FieldError className="garage-field__error" />
    </NumberField>
  );
}

/** One choice out of `options` as radio buttons (one Tab stop, arrow keys move). */
export function GarageChoiceField<T extends string>({
  name,
  label,
  options,
  defaultValue,
}: {
  name: string;
  label: string;
  options: readonly { id: T; label: string }[];
  defaultValue: T;
}) {
  return (
    <RadioGroup className="garage-field" name={name} defaultValue={defaultValue} isRequired>
      <Label className="garage-field__label">{label}</Label>
      <div className="garage-choices">
        {options.map((option) => (
          <Radio key={option.id} className="garage-checklist__item" value={option.id}>
            <span
              className="garage-checklist__box garage-checklist__box--round"
              aria-hidden="true"
            />
            {option.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/** The text of form field `name` ('' when absent). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The number in form field `name`, null when empty or not a number. NumberField submits the
 * raw number without grouping, e.g. "1480".
 */
export function formNumber(form: FormData, name: string): number | null {
  const text = formText(form, name);
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Submit and cancel, shared by the garage forms. */
export function FormButtons({
  submitLabel,
  onCancel,
}: {
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="garage-actions">
      <Button type="submit" className="button button--primary">
        {submitLabel}
      </Button>
      <Button className="button" onPress={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
