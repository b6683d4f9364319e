import { describe, expect, it } from 'vitest'
import { countdownText } from './kiosk-countdown'

describe('countdownText', () => {
  it('reads minutes and two-digit seconds, a part of a second counting as one', () => {
    expect(countdownText(125_000, 0)).toBe('2:05')
    expect(countdownText(59_001, 0)).toBe('1:00')
    expect(countdownText(1_000, 0)).toBe('0:01')
  })

  it('stops at 0:00 once the time has passed, until the new code arrives', () => {
    expect(countdownText(0, 0)).toBe('0:00')
    expect(countdownText(0, 5_000)).toBe('0:00')
  })
})
