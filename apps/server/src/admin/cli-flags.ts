import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { UsageError } from './cli-errors.ts'

/** One flag of a CLI command: the argument it sets, read from the text after it. */
export interface CliFlag {
  /** the input's property (or the CLI's own argument) it sets; the flag's name in camelCase unless given */
  to?: string
  /** given alone, without a value */
  boolean?: true
  /** needed even though the input does not need it (an argument of the CLI's own) */
  required?: true
  read(value: string, flag: string): unknown
}

/** The flag's text as it is. */
export const text = (to?: string): CliFlag => ({ to, read: (value) => value })

/** On its own, `true`. */
export const onOff = (): CliFlag => ({ boolean: true, read: () => true })

/** A whole number from 1 to `maximum`. */
export const whole = (maximum = Number.MAX_SAFE_INTEGER, to?: string): CliFlag => ({
  to,
  read: (value, flag) => {
    const number = Number(value)
    if (!Number.isInteger(number) || number < 1 || number > maximum) {
      throw new UsageError(`--${flag} must be a whole number from 1 to ${maximum}`)
    }
    return number
  },
})

/** An ISO time, as it was written. */
export const isoTime = (): CliFlag => ({
  read: (value, flag) => {
    if (Number.isNaN(new Date(value).getTime())) {
      throw new UsageError(`--${flag} must be an ISO time`)
    }
    return value
  },
})

/** The text of the file it names (a path relative to the working directory). */
export const fileText = (): CliFlag => ({
  read: (file) => readFile(path.resolve(file), 'utf8'),
})

/** `flag`, or null for `none`: an edit removing what it sets. */
export const removable = (flag: CliFlag): CliFlag => ({
  ...flag,
  read: (value, name) => (value === 'none' ? null : flag.read(value, name)),
})

/** The property a flag sets: `--min-account-age-days` sets `minAccountAgeDays`. */
export const propertyOf = (name: string, flag: CliFlag): string =>
  flag.to ?? name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
