import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client'
import { en } from '../i18n/en'
import ko from '../i18n/ko'
import { describeError } from '../i18n/server-errors'
import tr from '../i18n/tr'
import zhHans from '../i18n/zh-hans'
import zhHant from '../i18n/zh-hant'

// The server's answer to a code submitted while its wallet is locked out for unknown codes.
const lockedOut = (retryAfterSeconds?: number) =>
  new ApiError(
    429,
    'CODE_LOCKED_OUT',
    'Too many invalid codes. Try again in 4 minutes.',
    retryAfterSeconds,
  )

describe('the lockout for unknown codes', () => {
  it('says how long the wait is, from Retry-After, in each language', () => {
    const fourMinutes = lockedOut(239)
    expect(describeError(fourMinutes, en, 'en')).toBe(
      'Too many invalid codes. Try again in 4 minutes.',
    )
    expect(describeError(fourMinutes, ko, 'ko')).toBe(
      '잘못된 코드가 너무 많았어요. 4분 후에 다시 시도해 주세요.',
    )
    expect(describeError(fourMinutes, tr, 'tr')).toBe(
      'Çok fazla geçersiz kod girildi. 4 dakika sonra tekrar dene.',
    )
    expect(describeError(fourMinutes, zhHans, 'zh')).toBe('无效的兑换码太多了，请 4分钟后再试。')
    expect(describeError(fourMinutes, zhHans, 'zh-Hans')).toBe(
      '无效的兑换码太多了，请 4分钟后再试。',
    )
    expect(describeError(fourMinutes, zhHant, 'zh-Hant')).toBe(
      '無效的兌換碼太多了，請 4 分鐘後再試。',
    )
  })

  it('counts seconds under two minutes, so a last short wait is not rounded up to minutes', () => {
    expect(describeError(lockedOut(45), en, 'en')).toBe(
      'Too many invalid codes. Try again in 45 seconds.',
    )
  })

  it('still refuses in words when the answer carries no Retry-After', () => {
    expect(describeError(lockedOut(), en, 'en')).toBe('Too many invalid codes. Try again later.')
  })
})
