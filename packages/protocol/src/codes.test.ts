import { describe, expect, it } from 'vitest'
import { claimLink, codeOfClaimPath, isClaimPath, normalizeCode } from './codes.ts'

describe('normalizeCode', () => {
  it('trims and lowercases a typed code', () => {
    expect(normalizeCode('  FernwoodWelcome ')).toBe('fernwoodwelcome')
  })

  it('folds a full-width code typed on a phone into the catalogue’s spelling', () => {
    expect(normalizeCode('ＭＯＳＳＹ－ＯＡＫ')).toBe('mossy-oak')
    // An ideographic space around it is trimmed like any other.
    expect(normalizeCode('\u3000ｍｏｏｎ－ｃａｐ\u3000')).toBe('moon-cap')
  })

  it('refuses codes holding bidirectional overrides, isolates or marks', () => {
    for (const character of [
      '\u202e',
      '\u202a',
      '\u202d',
      '\u2066',
      '\u2067',
      '\u2069',
      '\u200f',
    ]) {
      expect(normalizeCode(`mossy${character}-oak`)).toBeUndefined()
    }
  })

  it('refuses codes holding control, zero-width or line-separator characters', () => {
    for (const character of [
      '\u0000',
      '\u0007',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u200b',
      '\ufeff',
      '\u2028',
    ]) {
      expect(normalizeCode(`mossy${character}oak`)).toBeUndefined()
    }
  })

  it('refuses what is not a string, empty after trimming, or longer than any code we issue', () => {
    for (const raw of [123, ['mossy-oak'], null, undefined, { code: 'x' }, '   ', 'x'.repeat(65)]) {
      expect(normalizeCode(raw)).toBeUndefined()
    }
    expect(normalizeCode('x'.repeat(64))).toBe('x'.repeat(64))
  })
})

describe('claim links', () => {
  it('a code’s claim link leads back to the code', () => {
    const link = new URL(claimLink('https://fernwood.example', 'spring-7kq2-mx9d-ht4p'))
    expect(link.href).toBe('https://fernwood.example/c/spring-7kq2-mx9d-ht4p')
    expect(codeOfClaimPath(link.pathname)).toBe('spring-7kq2-mx9d-ht4p')
  })

  it('a code with characters a path cannot hold survives the round trip', () => {
    const link = new URL(claimLink('http://127.0.0.1:3000', 'moss/oak #1?'))
    expect(link.pathname).toBe('/c/moss%2Foak%20%231%3F')
    expect(codeOfClaimPath(link.pathname)).toBe('moss/oak #1?')
  })

  it('the code in the path is normalised like a typed one', () => {
    expect(codeOfClaimPath('/c/%20Mossy-Oak%20')).toBe('mossy-oak')
  })

  it('a claim path holding no valid code, or a malformed escape, yields no code', () => {
    for (const pathname of [
      '/c/mossy%E2%80%AEoak',
      '/c/%20%20',
      '/c/%E0%A4%A',
      `/c/${'x'.repeat(65)}`,
    ]) {
      expect(isClaimPath(pathname)).toBe(true)
      expect(codeOfClaimPath(pathname)).toBeUndefined()
    }
  })

  it('other paths are no claim paths', () => {
    for (const pathname of [
      '/',
      '/c/',
      '/c',
      '/c/mossy-oak/',
      '/c/mossy/oak',
      '/x/mossy-oak',
      '/c//x',
    ]) {
      expect(isClaimPath(pathname)).toBe(false)
      expect(codeOfClaimPath(pathname)).toBeUndefined()
    }
  })
})
