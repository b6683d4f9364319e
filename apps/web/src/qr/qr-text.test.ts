import { describe, expect, it } from 'vitest'
import { readQrText } from './qr-text'

const ours = 'https://fernwood.example'

describe('reading a QR code’s text', () => {
  it('a bare code is a code, as printed', () => {
    expect(readQrText(' willow-wisp\n', ours)).toEqual({ kind: 'code', code: 'willow-wisp' })
  })

  it('text that only looks like a scheme is a bare code, not a link', () => {
    expect(readQrText('moss:oak', ours)).toEqual({ kind: 'code', code: 'moss:oak' })
  })

  it('a claim link of our origin gives its code, normalised', () => {
    expect(readQrText('https://fernwood.example/c/Willow-Wisp', ours)).toEqual({
      kind: 'code',
      code: 'willow-wisp',
    })
    expect(readQrText('HTTPS://FERNWOOD.EXAMPLE:443/c/moss%2Foak?ref=card#top', ours)).toEqual({
      kind: 'code',
      code: 'moss/oak',
    })
  })

  it('a claim link of another origin is refused and names where it leads', () => {
    for (const [text, host] of [
      ['https://fernwood.example.evil.test/c/willow-wisp', 'fernwood.example.evil.test'],
      ['http://fernwood.example/c/willow-wisp', 'fernwood.example'],
      ['https://fernwood.example:8443/c/willow-wisp', 'fernwood.example:8443'],
      ['https://fernwood.example@evil.test/c/willow-wisp', 'evil.test'],
    ]) {
      expect(readQrText(text, ours)).toEqual({ kind: 'otherSite', host })
    }
  })

  it('another page of ours, or a claim link holding no valid code, is no claim link', () => {
    for (const text of [
      'https://fernwood.example/',
      'https://fernwood.example/help',
      'https://fernwood.example/c/willow-wisp/more',
      'https://fernwood.example/c/willow%E2%80%AEwisp',
      'https://fernwood.example/c/%E0%A4%A',
    ]) {
      expect(readQrText(text, ours)).toEqual({ kind: 'notClaimLink' })
    }
  })
})
