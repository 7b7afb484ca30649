/**
 * Theme picker (requirements §voice-2.4 "More lists a theme picker"): each theme with its name,
 * description and previewColors.primary swatch, as a react-aria radio group.
 */
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTheme } from '../../ui/theme-context.ts';
import { ThemeOptionContent } from '../../ui/theme-option.tsx';
import { isThemeId } from '../../ui/themes.ts';

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
            {({ isSelected }) => <ThemeOptionContent theme={item} isSelected={isSelected} />}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
