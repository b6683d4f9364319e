import { describe, expect, it } from 'vitest'
import { formatAmounts, formatTokenAmount, formatWaitingTime } from './format'

describe('token amounts', () => {
  it("keep the token's precision and take the language's grouping", () => {
    expect(formatTokenAmount('10.0000 FERN', 'en')).toBe('10.0000 FERN')
    expect(formatTokenAmount('1234.5000 FERN', 'en')).toBe('1,234.5000 FERN')
    expect(formatTokenAmount('1234.5000 FERN', 'tr')).toBe('1.234,5000 FERN')
  })

  it('stay exact past what a float holds', () => {
    expect(formatTokenAmount('12345678901234.5678 FERN', 'en')).toBe('12,345,678,901,234.5678 FERN')
  })

  it('join as one phrase of the language', () => {
    expect(formatAmounts(['10.0000 FERN', '2.50 WAX'], 'en')).toBe('10.0000 FERN, 2.50 WAX')
  })
})

describe('a waiting time', () => {
  it("is worded like the server's English: seconds up to two minutes, then minutes rounded up", () => {
    expect(formatWaitingTime(1, 'en')).toBe('1 second')
    expect(formatWaitingTime(40, 'en')).toBe('40 seconds')
    expect(formatWaitingTime(121, 'en')).toBe('3 minutes')
  })

  it("is in the language's own words", () => {
    expect(formatWaitingTime(40, 'ko')).toBe('40초')
    expect(formatWaitingTime(300, 'tr')).toBe('5 dakika')
  })
})
