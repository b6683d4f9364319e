import { type ChangeEvent, useId } from 'react'
import { pickLanguage, useLanguage, useTexts } from './current'
import { type Language, languageNames, languages, localeOf } from './languages'
import '../ui/text-field.css'
import './language-picker.css'

/**
 * The page's language, each named in itself; the same setting as the kit's Settings > Language.
 * On the first screen, so a visitor reads the way in in their language, and in the dashboard's menu.
 * `className` places it: `language-picker--under` is the small one under a screen's way in.
 */
export function LanguagePicker({ className }: { className: string }) {
  const texts = useTexts()
  const language = useLanguage()
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id}>{texts.language}</label>
      <select
        id={id}
        className="text-field"
        aria-label={texts.language}
        value={language}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          void pickLanguage(event.target.value as Language)
        }
      >
        {languages.map((option) => (
          <option key={option} value={option} lang={localeOf(option)}>
            {languageNames[option]}
          </option>
        ))}
      </select>
    </div>
  )
}
