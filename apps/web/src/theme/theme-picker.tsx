import { type ChangeEvent, useId } from 'react'
import { useTexts } from '../i18n/current'
import { pickTheme, type ThemeChoice, themeChoices, useThemeChoice } from './site-theme'
import '../ui/text-field.css'

/** Automatic (the system's), light or dark: the same setting as the kit's Settings > Theme. */
export function ThemePicker({ className }: { className: string }) {
  const texts = useTexts()
  const choice = useThemeChoice()
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id}>{texts.theme}</label>
      <select
        id={id}
        className="text-field"
        aria-label={texts.theme}
        value={choice}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          pickTheme(event.target.value as ThemeChoice)
        }
      >
        {themeChoices.map((option) => (
          <option key={option} value={option}>
            {texts.themeChoices[option]}
          </option>
        ))}
      </select>
    </div>
  )
}
