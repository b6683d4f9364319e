const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The spacings a tick may have, shortest first: each a round span an operator reads at a glance. */
const tickSpacings = [
  ...[1, 2, 5, 10, 15, 30].map((minutes) => minutes * MINUTE),
  ...[1, 2, 3, 6, 12].map((hours) => hours * HOUR),
  ...[1, 2, 7, 14, 30].map((days) => days * DAY),
]

/**
 * Where the chart's time axis puts its labels between `from` and `to` (milliseconds): at most
 * `most` instants, a round spacing apart (whole minutes at the least, so no two read the same
 * minute), on the operator's own clock, which `offsetMinutes` gives as Date's getTimezoneOffset
 * does. A dividing of the range into equal parts put several labels in one minute when claims
 * came within a few minutes.
 */
export function timeTicks(
  from: number,
  to: number,
  most = 5,
  offsetMinutes: (at: number) => number = (at) => new Date(at).getTimezoneOffset(),
): number[] {
  const shift = -offsetMinutes(from) * MINUTE
  const step =
    tickSpacings.find((spacing) => Math.floor((to - from) / spacing) + 1 <= most) ?? 30 * DAY
  const first = Math.ceil((from + shift) / step) * step - shift
  const ticks: number[] = []
  for (let at = first; at <= to; at += step) ticks.push(at)
  return ticks.length > 0 ? ticks : [Math.round(from / MINUTE) * MINUTE]
}

/** Whether `from` and `to` fall on different days of `timeZone` (the browser's when undefined). */
function spansDays(from: number, to: number, timeZone: string | undefined): boolean {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' })
  return day.format(from) !== day.format(to)
}

/**
 * How the axis writes its instants in `locale`: hours and minutes, with the day as well when the
 * range runs over more than one day, so two labels never read alike.
 */
export function timeAxisFormat(
  from: number,
  to: number,
  locale: string,
  timeZone?: string,
): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(spansDays(from, to, timeZone) ? { month: 'short', day: 'numeric' } : {}),
  })
}
