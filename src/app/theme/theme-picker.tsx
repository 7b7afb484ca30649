/**
 * Theme picker (requirements §voice-2.4 "More lists a theme picker"): each theme with its name,
 * description and previewColors.primary swatch, as a react-aria radio group.
 */
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Check } from 'lucide-react';
import { useTheme } from './theme-provider.tsx';
import { isThemeId } from './themes.ts';

/** Radio list of the eight themes; choosing one applies and stores it at once. */
export function ThemePicker() {
  const { theme, themes, setTheme } = useTheme();
  return (
    <RadioGroup
      className="theme-picker"
      value={theme.id}
      onChange={(value) => {
        if (isThemeId(value)) void setTheme(value);
      }}
    >
      <Label className="sheet-section__title">Theme</Label>
      <div className="theme-picker__grid">
        {themes.map((item) => (
          <Radio key={item.id} value={item.id} className="theme-option">
            {({ isSelected }) => (
              <>
                <span
                  className="theme-option__swatch"
                  style={{
                    background: item.previewColors.background,
                    borderColor: item.previewColors.primary,
                  }}
                  aria-hidden="true"
                >
                  <span
                    className="theme-option__dot"
                    style={{ background: item.previewColors.primary }}
                  />
                </span>
                <span className="theme-option__text">
                  <span className="theme-option__name">{item.name}</span>
                  <span className="theme-option__description">{item.description}</span>
                </span>
                {isSelected ? (
                  <Check aria-hidden="true" size={20} className="theme-option__check" />
                ) : null}
              </>
            )}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
