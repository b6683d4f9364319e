import { describe, expect, it } from 'vitest'
import { normalizeCode } from './codes.ts'

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
