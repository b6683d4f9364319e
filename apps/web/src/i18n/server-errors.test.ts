import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client'
import { en } from './en'
import ko from './ko'
import { describeError } from './server-errors'

describe("a server's refusal", () => {
  it('is worded by its code in the language, not in the server’s sentence', () => {
    const duplicate = new ApiError(
      409,
      'CODE_DUPLICATE',
      'This wallet has already used or submitted this code.',
    )
    expect(describeError(duplicate, ko, 'ko')).toBe(ko.serverErrors.CODE_DUPLICATE)
    expect(describeError(duplicate, en, 'en')).toBe(
      'This wallet has already used or submitted this code.',
    )
  })

  it("names the waiting time of its Retry-After in the language's words", () => {
    const limited = new ApiError(
      429,
      'RATE_LIMITED',
      'Too many requests. Try again in 40 seconds.',
      40,
    )
    expect(describeError(limited, en, 'en')).toBe('Too many requests. Try again in 40 seconds.')
    expect(describeError(limited, ko, 'ko')).toBe(
      '요청이 너무 많아요. 40초 후에 다시 시도해 주세요.',
    )
  })

  it("keeps the server's message for a code this app does not know", () => {
    const unknown = new ApiError(400, 'SOMETHING_NEW', 'Something new went wrong.')
    expect(describeError(unknown, ko, 'ko')).toBe('Something new went wrong.')
  })

  it('leaves any other failure as it was worded', () => {
    expect(describeError(new Error('User rejected the request'), ko, 'ko')).toBe(
      'User rejected the request',
    )
  })
})
