/**
 * The user-type choice (requirements §core-3 "User types", §core-4 "Theme": setting a user type
 * also switches to that type's theme, stored on the device). A react-aria radio group; each
 * option shows the theme it brings. High contrast and glove mode stay on top of any theme.
 */
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { useTheme } from '../ui/theme-context.ts';
import { ThemeOptionContent } from '../ui/theme-option.tsx';
import { getTheme, isUserType, themeForUserType, USER_TYPES, type UserType } from '../ui/themes.ts';

const userTypeNames: Record<UserType, string> = {
  default: 'No preference',
  rider: 'Rider (ATV, UTV, 4x4, dirt bike)',
  camper: 'Camper',
  hiker: 'Hiker',
  cyclist: 'Cyclist',
  hunter: 'Hunter',
};

/** Radio list of the six user types; choosing one stores it and applies its theme at once. */
export function UserTypeSetting() {
  const { theme, userType, setUserType } = useTheme();
  return (
    <RadioGroup
      className="theme-picker user-type"
      value={userType}
      onChange={(value) => {
        if (isUserType(value)) void setUserType(value);
      }}
    >
      <Label className="setting__label">User type</Label>
      <Text slot="description" className="setting__help user-type__help">
        Choosing one switches to its theme (now: {theme.name}). High contrast, when on, still wins.
      </Text>
      <div className="theme-picker__grid">
        {USER_TYPES.map((item) => {
          const itemTheme = getTheme(themeForUserType(item));
          return (
            <Radio key={item} value={item} className="theme-option">
              {({ isSelected }) => (
                <ThemeOptionContent
                  theme={itemTheme}
                  name={userTypeNames[item]}
                  description={`${itemTheme.name} theme`}
                  isSelected={isSelected}
                />
              )}
            </Radio>
          );
        })}
      </div>
    </RadioGroup>
  );
}
