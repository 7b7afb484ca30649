/**
 * The inside of one theme choice (requirements §voice-2.4 "Themes in the picker have id, name,
 * description and previewColors.primary"): a swatch of the theme's background ringed and dotted
 * with its primary colour, a name, a description and a check when selected. Shared by the More
 * menu's theme picker and the user-type choice on /safety; styled in src/app/layout.css.
 */
import { Check } from 'lucide-react';
import type { Theme } from './themes.ts';

/** Swatch, `name` (the theme's own name unless given), `description` and the selected check. */
export function ThemeOptionContent({
  theme,
  name = theme.name,
  description = theme.description,
  isSelected,
}: {
  theme: Theme;
  name?: string;
  description?: string;
  isSelected: boolean;
}) {
  return (
    <>
      <span
        className="theme-option__swatch"
        style={{
          background: theme.previewColors.background,
          borderColor: theme.previewColors.primary,
        }}
        aria-hidden="true"
      >
        <span className="theme-option__dot" style={{ background: theme.previewColors.primary }} />
      </span>
      <span className="theme-option__text">
        <span className="theme-option__name">{name}</span>
        <span className="theme-option__description">{description}</span>
      </span>
      {isSelected ? <Check aria-hidden="true" size={20} className="theme-option__check" /> : null}
    </>
  );
}
