import { describe, expect, it } from 'vitest'
import { chooseLanguage, kitLanguageForBrowser } from './languages'

describe('the language a visitor sees', () => {
  it("is the kit's language setting when it names one of the kit's languages", () => {
    expect(chooseLanguage('tr', ['ko-KR', 'en'])).toBe('tr')
    expect(chooseLanguage('zh-Hant', ['en-US'])).toBe('zh-Hant')
    expect(chooseLanguage('zh', ['en-US'])).toBe('zh')
  })

  it("else the browser's first language, as the kit maps it", () => {
    expect(chooseLanguage(undefined, ['ko-KR', 'en'])).toBe('ko')
    expect(chooseLanguage('', ['tr-TR'])).toBe('tr')
    expect(chooseLanguage(undefined, ['zh-TW'])).toBe('zh-Hant')
    expect(chooseLanguage(undefined, ['en-GB', 'ko'])).toBe('en')
  })

  it('ignores a kit setting the kit cannot show (it stores an unsupported browser language as is)', () => {
    expect(chooseLanguage('fr', ['ko-KR'])).toBe('ko')
  })

  it('is English when neither names a language of the kit', () => {
    expect(chooseLanguage('fr', ['fr-FR', 'ko-KR'])).toBe('en')
    expect(chooseLanguage(undefined, [])).toBe('en')
  })
})

describe("a browser language's kit language", () => {
  it('drops the region', () => {
    expect(kitLanguageForBrowser('ko-KR')).toBe('ko')
    expect(kitLanguageForBrowser('tr-TR')).toBe('tr')
    expect(kitLanguageForBrowser('en-US')).toBe('en')
    expect(kitLanguageForBrowser('ko')).toBe('ko')
  })

  it('tells Traditional from Simplified Chinese by script or region', () => {
    expect(kitLanguageForBrowser('zh-TW')).toBe('zh-Hant')
    expect(kitLanguageForBrowser('zh-HK')).toBe('zh-Hant')
    expect(kitLanguageForBrowser('zh-Hant')).toBe('zh-Hant')
    expect(kitLanguageForBrowser('zh-CN')).toBe('zh-Hans')
    expect(kitLanguageForBrowser('zh-Hans')).toBe('zh-Hans')
    expect(kitLanguageForBrowser('zh')).toBe('zh-Hans')
  })

  it('is none for a language the kit lacks', () => {
    expect(kitLanguageForBrowser('fr-FR')).toBeUndefined()
    expect(kitLanguageForBrowser('')).toBeUndefined()
  })
})
