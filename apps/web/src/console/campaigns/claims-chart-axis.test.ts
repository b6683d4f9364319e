import { describe, expect, it } from 'vitest'
import { timeAxisFormat, timeTicks } from './claims-chart-axis'

const utc = () => 0
const at = (time: string) => Date.parse(time)

/** The axis's labels for a range, as the chart writes them in English on UTC's clock. */
function labels(from: string, to: string): string[] {
  const format = timeAxisFormat(at(from), at(to), 'en', 'UTC')
  return timeTicks(at(from), at(to), 5, utc).map((tick) => format.format(tick))
}

describe('the claims chart’s time axis', () => {
  it('labels two minutes of claims with distinct whole minutes, not one minute repeated', () => {
    expect(labels('2026-11-28T17:41:00Z', '2026-11-28T17:43:00Z')).toEqual([
      '5:41 PM',
      '5:42 PM',
      '5:43 PM',
    ])
  })

  it('labels a single minute of claims with the minute before and the minute itself', () => {
    expect(labels('2026-11-28T09:14:00Z', '2026-11-28T09:15:00Z')).toEqual(['9:14 AM', '9:15 AM'])
  })

  it('picks round spacings within the limit over an afternoon', () => {
    const ticks = timeTicks(at('2026-11-28T13:07:00Z'), at('2026-11-28T17:52:00Z'), 5, utc)
    expect(ticks.map((tick) => new Date(tick).toISOString().slice(11, 16))).toEqual([
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ])
  })

  it('adds the date when the claims run over several days, every label distinct', () => {
    const written = labels('2026-11-26T22:00:00Z', '2026-11-28T10:00:00Z')
    expect(written.length).toBeGreaterThan(1)
    expect(written.length).toBeLessThanOrEqual(5)
    expect(new Set(written).size).toBe(written.length)
    for (const label of written) expect(label).toMatch(/^Nov 2\d, \d{1,2}:\d\d [AP]M$/)
  })

  it('aligns hours to the operator’s own clock, not UTC’s', () => {
    // Kolkata is 5:30 ahead of UTC: getTimezoneOffset says -330.
    const ticks = timeTicks(at('2026-11-28T03:00:00Z'), at('2026-11-28T07:00:00Z'), 5, () => -330)
    const format = timeAxisFormat(ticks[0], ticks.at(-1) ?? 0, 'en', 'Asia/Kolkata')
    expect(ticks.map((tick) => format.format(tick))).toEqual([
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
    ])
  })
})
