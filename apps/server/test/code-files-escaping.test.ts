import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { NFT_COLLECTION } from '@fernwood/devchain'
import { describe, expect, it } from 'vitest'
import { newTemplate } from './support/nfts.ts'
import { generationDone, operatorApp, runAdmin } from './support/operator-app.ts'
import { testDriver } from './support/test-database.ts'

const tools = operatorApp()

/** The cells of each line of `text`, as a spreadsheet reads CSV (RFC 4180). */
function csvCells(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let at = 0; at < text.length; at++) {
    const character = text[at]
    if (quoted) {
      if (character !== '"') cell += character
      else if (text[at + 1] === '"') cell += text[++at]
      else quoted = false
    } else if (character === '"' && cell === '') quoted = true
    else if (character === ',') {
      row.push(cell)
      cell = ''
    } else if (character === '\n') {
      rows.push([...row, cell])
      row = []
      cell = ''
    } else cell += character
  }
  return rows
}

/** The elements a page holds, by name: what a browser would make of its markup. */
const elementsOf = (page: string) =>
  new Set([...page.matchAll(/<([a-z][a-z0-9-]*)/gi)].map(([, name]) => name.toLowerCase()))

/** What the sheet's own markup is made of: anything else came from its text. */
const SHEET_ELEMENTS = [
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'h1',
  'main',
  'figure',
  'svg',
  'path',
  'figcaption',
  'small',
]

const decoded = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))

/** Checks a batch's codes.csv and sheet.html for `slug`, paying the template named `name`. */
function expectTextStaysText(files: { csv: string; sheet: string }, slug: string, name: string) {
  const [header, ...rows] = csvCells(files.csv)
  expect(header).toEqual(['code', 'campaign', 'reward', 'link'])
  expect(rows).toHaveLength(3)
  for (const [code, campaign, reward, link, ...more] of rows) {
    expect(more).toEqual([])
    expect([campaign, reward, link]).toEqual([
      slug,
      `NFT ${name}`,
      `http://fernwood.test/c/${code}`,
    ])
  }
  // Every cell opens as text: none begins as a formula would.
  expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])

  expect([...elementsOf(files.sheet)].sort()).toEqual([...SHEET_ELEMENTS].sort())
  expect(files.sheet).not.toMatch(/<meta [^>]*http-equiv/i)
  const [, heading] = files.sheet.match(/<h1>(.*)<\/h1>/) ?? []
  expect(decoded(heading)).toBe(`${slug}: NFT ${name} each`)
}

describe(`code files of an NFT campaign whose template's name is anyone's on chain (${testDriver})`, () => {
  it.each([
    // The comma would end the cell, and the formula begin one of its own.
    ['formula', 'Relic,=HYPERLINK("http://evil","x")'],
    ['markup', '<meta http-equiv="refresh" content="0;url=http://evil">'],
    ['both', '"</title><script>alert(1)</script>,=HYPERLINK("http://evil","x")'],
  ])(
    'writes the name of %s as text in codes.csv and sheet.html, downloaded or written by the CLI',
    async (slug, name) => {
      const templateId = await newTemplate(tools.chain, name)
      const created = await tools.request('POST', '/api/admin/campaigns', {
        slug,
        name: slug,
        kind: 'unique',
        nft: `${NFT_COLLECTION}:${templateId}`,
      })
      expect(created.statusCode).toBe(201)

      const started = await tools.request('POST', `/api/admin/campaigns/${slug}/codes`, {
        count: 3,
      })
      expect(started.statusCode).toBe(202)
      const { id } = started.json().generation
      expect((await generationDone(tools.app, tools.operator, id)).state).toBe('done')
      const download = async (file: string) => {
        const response = await tools.request('GET', `/api/admin/generations/${id}/${file}`)
        expect(response.statusCode).toBe(200)
        return response.body
      }
      expectTextStaysText(
        { csv: await download('codes.csv'), sheet: await download('sheet.html') },
        slug,
        name,
      )

      const out = await mkdtemp(path.join(tmpdir(), 'fernwood-code-files-'))
      try {
        await runAdmin(
          tools.testDatabase.database,
          'codes',
          'generate',
          '--campaign',
          slug,
          '--count',
          '3',
          '--out',
          out,
        )
        const written = (file: string) => readFile(path.join(out, file), 'utf8')
        // The CLI's links lead to this machine: PUBLIC_ORIGIN is the test app's alone.
        const csv = (await written('codes.csv')).replaceAll(
          'http://127.0.0.1:3000/',
          'http://fernwood.test/',
        )
        expectTextStaysText({ csv, sheet: await written('sheet.html') }, slug, name)
      } finally {
        await rm(out, { recursive: true, force: true })
      }
    },
  )
})
