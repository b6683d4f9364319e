import { describe, expect, it } from 'vitest'
import {
  formatAmounts,
  formatDate,
  formatRelativeTime,
  formatTokenAmount,
  formatWaitingTime,
} from './format'

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

describe('when an entry happened', () => {
  const now = Date.parse('2026-03-10T12:00:00Z')
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString()

  it('reads as a relative time of the language, in the largest unit that fits', () => {
    expect(formatRelativeTime(ago(20), now, 'en')).toBe('now')
    expect(formatRelativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago')
    expect(formatRelativeTime(ago(3 * 3600), now, 'en')).toBe('3 hours ago')
    expect(formatRelativeTime(ago(86_400), now, 'en')).toBe('yesterday')
    expect(formatRelativeTime(ago(8 * 86_400), now, 'en')).toBe('last week')
    expect(formatRelativeTime(ago(5 * 60), now, 'ko')).toBe('5분 전')
    expect(formatRelativeTime(ago(5 * 60), now, 'tr')).toBe('5 dakika önce')
  })

  it('reads a moment a little ahead of this clock (clocks differ) as now', () => {
    expect(formatRelativeTime(ago(-30), now, 'en')).toBe('now')
  })

  it("writes a day in the language's own way", () => {
    expect(formatDate('2026-06-30T12:00:00Z', 'en')).toBe('Jun 30, 2026')
    expect(formatDate('2026-06-30T12:00:00Z', 'zh-Hans')).toBe('2026年6月30日')
  })
})
