import { Name } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import { isAntelopeName } from './names.ts'

describe('isAntelopeName', () => {
  it('refuses the spellings the chain reads as another name', () => {
    for (const alias of ['alice.wam.', 'alice.wam..', 'alice.wam...', 'eosio.', '.']) {
      expect(isAntelopeName(alias)).toBe(false)
    }
    expect(isAntelopeName('alice.wam')).toBe(true)
    expect(isAntelopeName('a..b')).toBe(true)
  })

  it('accepts exactly the names the chain gives back as they were written', () => {
    const alphabet = '.12345abcdefghijklmnopqrstuvwxyz'
    let seed = 7
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed
    }
    for (let i = 0; i < 5000; i++) {
      const length = 1 + (next() % 12)
      const text = Array.from({ length }, () => alphabet[next() % alphabet.length]).join('')
      expect(isAntelopeName(text), text).toBe(Name.from(text).toString() === text)
    }
  })

  it('refuses what is no name at all', () => {
    for (const text of ['', 'Alice', 'alice6', 'abcdefghijklm', 'a b', 'alice\n']) {
      expect(isAntelopeName(text)).toBe(false)
    }
  })
})
