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

const SECONDS_PER_UNIT = { s: 1, m: 60, h: 3600, d: 86_400 } as const

/** A duration in whole seconds, written `0` or `<n>s|m|h|d` (`90m`, `1h`, `2d`). */
export const seconds = (): CliFlag => ({
  read: (value, flag) => {
    if (value === '0') return 0
    const [, amount, unit] = /^([0-9]+)([smhd])$/.exec(value) ?? []
    if (!unit)
      throw new UsageError(`--${flag} must be 0 or a whole number of s, m, h or d, e.g. 1h`)
    return Number(amount) * SECONDS_PER_UNIT[unit as keyof typeof SECONDS_PER_UNIT]
  },
})

/** Seconds as `seconds()` reads them, in the largest unit that writes them whole: 3600 is `1h`. */
export function secondsWritten(total: number): string {
  if (total === 0) return '0'
  const [unit, size] = Object.entries(SECONDS_PER_UNIT)
    .reverse()
    .find(([, size]) => total % size === 0) ?? ['s', 1]
  return `${total / size}${unit}`
}

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

/** One of `values`, as it was written. */
export const oneOf = (...values: string[]): CliFlag => ({
  read: (value, flag) => {
    if (!values.includes(value)) throw new UsageError(`--${flag} must be ${values.join(', ')}`)
    return value
  },
})

/** `on` or `off`, as true or false: an edit turning a setting on or off. */
export const onOrOff = (): CliFlag => ({
  read: (value, flag) => oneOf('on', 'off').read(value, flag) === 'on',
})

/** `flag`, or null for `word`: a setting of none (`--grants-per-account unlimited`). */
export const nullFor = (word: string, flag: CliFlag): CliFlag => ({
  ...flag,
  read: (value, name) => (value === word ? null : flag.read(value, name)),
})

/** `flag`, or null for `none`: an edit removing what it sets. */
export const removable = (flag: CliFlag): CliFlag => nullFor('none', flag)

/** The property a flag sets: `--min-account-age-days` sets `minAccountAgeDays`. */
export const propertyOf = (name: string, flag: CliFlag): string =>
  flag.to ?? name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
