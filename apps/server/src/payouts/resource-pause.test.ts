import { describe, expect, it } from 'vitest'
import { resourceRefusedFor, shortfallOf } from './resource-pause.ts'

describe('what a resource refusal says', () => {
  it('names the resource by nodeos’ error code, and nothing for other refusals', () => {
    expect(resourceRefusedFor(3080004)).toBe('cpu')
    expect(resourceRefusedFor(3080002)).toBe('net')
    expect(resourceRefusedFor(3080001)).toBe('ram')
    expect(resourceRefusedFor(3050003)).toBeUndefined()
    expect(resourceRefusedFor(undefined)).toBeUndefined()
  })

  it('tells how much more the refused transaction needed, from nodeos’ own words', () => {
    expect(
      shortfallOf(
        'cpu',
        'billed CPU time (8570 us) is greater than the maximum billable CPU time for the transaction (4512 us) reached account cpu limit 4512us',
      ),
    ).toBe(8570)
    expect(shortfallOf('net', 'transaction net usage is too high: 1248 > 0')).toBe(1248)
    expect(
      shortfallOf(
        'ram',
        'account fernwoodpays has insufficient ram; needs 9524 bytes has 9284 bytes',
      ),
    ).toBe(240)
    // Words it cannot read: any of the resource will do.
    expect(shortfallOf('cpu', 'deadline exceeded')).toBe(1)
  })
})
