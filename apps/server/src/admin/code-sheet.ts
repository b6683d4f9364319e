import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { claimLink } from '@fernwood/protocol'
import QRCode from 'qrcode'
import { csvLine } from './csv.ts'
import { html, Markup } from './html.ts'

/**
 * Codes of one campaign, and the origin their claim links open: what each file is made from.
 * Every field is text the files escape: an NFT campaign's reward is its template's name, chosen
 * on chain by whoever made the template.
 */
export interface CodeBatch {
  campaign: string
  rewardQuantity: string
  origin: string
  /** the codes, a page at a time, read afresh for each file: no file holds them all */
  pages(): AsyncIterable<string[]>
}

export interface CodeSheetFiles {
  csv: string
  qrDirectory: string
  sheet: string
}

const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const
// The PNG files' size; the sheet's QR codes are vectors, sharp at any print size.
const QR_IMAGE_WIDTH = 300
// QR codes rendered between two writes of the sheet: the server answers others in between.
const CARDS_PER_CHUNK = 25

/** `codes.csv`: a header, then one row per code with its claim link on `origin`. */
export async function* codesCsv(batch: CodeBatch): AsyncGenerator<string> {
  yield `${csvLine(['code', 'campaign', 'reward', 'link'])}\n`
  for await (const codes of batch.pages()) {
    yield codes
      .map(
        (code) =>
          `${csvLine([code, batch.campaign, batch.rewardQuantity, claimLink(batch.origin, code)])}\n`,
      )
      .join('')
  }
}

/**
 * The printable sheet: a page of labelled QR codes, each holding the code's claim link on
 * `origin` (a phone's own camera opens the claim), the code printed under it for typing. Each QR
 * code is an inline SVG, rendered as its page of codes is sent: PNG images took ~7 ms each, an SVG
 * a twentieth of that, and the one file prints anywhere.
 */
export async function* printableSheet(batch: CodeBatch): AsyncGenerator<string> {
  yield String(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${batch.campaign} codes</title>
<style>
  body { font-family: sans-serif; margin: 10mm; }
  main { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6mm; }
  figure { margin: 0; text-align: center; break-inside: avoid; border: 1px dashed #999; padding: 3mm; }
  svg { display: block; width: 100%; height: auto; }
  figcaption { font-family: monospace; font-size: 11pt; }
  figcaption small { display: block; font-size: 7pt; overflow-wrap: anywhere; }
</style></head>
<body><h1>${batch.campaign}: ${batch.rewardQuantity} each</h1><main>
`)
  for await (const codes of batch.pages()) {
    for (let start = 0; start < codes.length; start += CARDS_PER_CHUNK) {
      const cards: Markup[] = []
      for (const code of codes.slice(start, start + CARDS_PER_CHUNK)) {
        const link = claimLink(batch.origin, code)
        const svg = await QRCode.toString(link, { ...QR_OPTIONS, type: 'svg' })
        // The caption names the code; the image repeats it for the camera alone.
        const image = new Markup(svg.replace('<svg ', '<svg aria-hidden="true" '))
        cards.push(
          html`<figure>${image}<figcaption>${code}<small>${link}</small></figcaption></figure>\n`,
        )
      }
      yield cards.join('')
    }
  }
  yield '</main></body></html>\n'
}

/**
 * Writes a batch's printable material into `directory`, as the CLI's `codes generate` does:
 * `codes.csv`, `sheet.html`, and one PNG QR image per code under `qr/`.
 */
export async function writeCodeSheet(directory: string, batch: CodeBatch): Promise<CodeSheetFiles> {
  const qrDirectory = path.join(directory, 'qr')
  await mkdir(qrDirectory, { recursive: true })
  const csv = path.join(directory, 'codes.csv')
  await pipeline(Readable.from(codesCsv(batch)), createWriteStream(csv))
  const sheet = path.join(directory, 'sheet.html')
  await pipeline(Readable.from(printableSheet(batch)), createWriteStream(sheet))
  for await (const codes of batch.pages()) {
    for (const code of codes) {
      await QRCode.toFile(path.join(qrDirectory, `${code}.png`), claimLink(batch.origin, code), {
        ...QR_OPTIONS,
        width: QR_IMAGE_WIDTH,
      })
    }
  }
  return { csv, qrDirectory, sheet }
}
