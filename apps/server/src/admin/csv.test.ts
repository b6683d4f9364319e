import { describe, expect, it } from 'vitest'
import { csvLine } from './csv.ts'

describe('csvLine', () => {
  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 7])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,7',
    )
  })

  it('prefixes a cell a spreadsheet would take for a formula with a quote mark', () => {
    expect(csvLine(['=1+1', '+1', '-1', '@sum(a1)', '\tx', 'a=b'])).toBe(
      "'=1+1,'+1,'-1,'@sum(a1),'\tx,a=b",
    )
    expect(csvLine(['=HYPERLINK("http://x","y")'])).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
  })
})
