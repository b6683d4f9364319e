import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { claimLink } from '@fernwood/protocol'
import QRCode from 'qrcode'

/** A batch of new codes of one campaign, and the origin their claim links open. */
export interface CodeBatch {
  campaign: string
  rewardQuantity: string
  codes: string[]
  origin: string
}

export interface CodeSheetFiles {
  csv: string
  qrDirectory: string
  sheet: string
}

const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, width: 300 } as const

/**
 * Writes printable material for a batch of codes into `directory`: `codes.csv`, one PNG QR image
 * per code under `qr/`, and `sheet.html`, a page of labelled QR codes ready to print. Each QR code
 * holds the code's claim link on `origin`, so a phone's own camera opens the claim; the code is
 * printed too, for typing.
 */
export async function writeCodeSheet(directory: string, batch: CodeBatch): Promise<CodeSheetFiles> {
  const qrDirectory = path.join(directory, 'qr')
  await mkdir(qrDirectory, { recursive: true })
  const csv = path.join(directory, 'codes.csv')
  await writeFile(csv, codesCsv(batch))
  for (const code of batch.codes) {
    await QRCode.toFile(
      path.join(qrDirectory, `${code}.png`),
      claimLink(batch.origin, code),
      QR_OPTIONS,
    )
  }
  const sheet = path.join(directory, 'sheet.html')
  await writeFile(
    sheet,
    printableSheet(batch, (code) => `qr/${code}.png`),
  )
  return { csv, qrDirectory, sheet }
}

/**
 * The same material as one download each, for the console: the CSV's text and the printable
 * sheet with its QR images inside (PNG data URLs), so the one file prints anywhere.
 */
export async function codeSheetDocuments(
  batch: CodeBatch,
): Promise<{ csv: string; sheet: string }> {
  const images = new Map<string, string>()
  for (const code of batch.codes) {
    images.set(code, await QRCode.toDataURL(claimLink(batch.origin, code), QR_OPTIONS))
  }
  return {
    csv: codesCsv(batch),
    sheet: printableSheet(batch, (code) => images.get(code) ?? ''),
  }
}

function codesCsv(batch: CodeBatch): string {
  return [
    'code,campaign,reward,link',
    ...batch.codes.map(
      (code) =>
        `${code},${batch.campaign},${batch.rewardQuantity},${claimLink(batch.origin, code)}`,
    ),
  ]
    .join('\n')
    .concat('\n')
}

/** A page of labelled QR codes; `imageOf` says where each code's QR image is. */
function printableSheet(batch: CodeBatch, imageOf: (code: string) => string): string {
  const cards = batch.codes
    .map(
      (code) =>
        `<figure><img src="${imageOf(code)}" alt=""><figcaption>${code}<small>${escapeHtml(claimLink(batch.origin, code))}</small></figcaption></figure>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${batch.campaign} codes</title>
<style>
  body { font-family: sans-serif; margin: 10mm; }
  main { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6mm; }
  figure { margin: 0; text-align: center; break-inside: avoid; border: 1px dashed #999; padding: 3mm; }
  img { width: 100%; }
  figcaption { font-family: monospace; font-size: 11pt; }
  figcaption small { display: block; font-size: 7pt; overflow-wrap: anywhere; }
</style></head>
<body><h1>${batch.campaign}: ${batch.rewardQuantity} each</h1><main>
${cards}
</main></body></html>
`
}

/** PUBLIC_ORIGIN is the operator's text: written into the page as text, never as markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
