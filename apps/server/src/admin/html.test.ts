import { describe, expect, it } from 'vitest'
import { html, Markup } from './html.ts'

describe('html', () => {
  it('writes every interpolation as text, its markup characters escaped', () => {
    const name = `<meta http-equiv="refresh" content="0;url=http://evil">Tom & 'Jerry'`
    expect(String(html`<h1>${name}</h1>`)).toBe(
      '<h1>&#60;meta http-equiv=&#34;refresh&#34; content=&#34;0;url=http://evil&#34;&#62;Tom &#38; &#39;Jerry&#39;</h1>',
    )
  })

  it('puts Markup in as it is, once, however deep', () => {
    const image = new Markup('<svg aria-hidden="true"></svg>')
    const card = html`<figure>${image}<figcaption>${'a<b'}</figcaption></figure>`
    expect(String(html`<main>${card}</main>`)).toBe(
      '<main><figure><svg aria-hidden="true"></svg><figcaption>a&#60;b</figcaption></figure></main>',
    )
  })
})
