import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { claimLink } from '@fernwood/protocol'
import QRCode from 'qrcode'

export interface CodeSheetFiles {
  csv: string
  qrDirectory: string
  sheet: string
}

/**
 * Writes printable material for a batch of codes into `directory`: `codes.csv`, one PNG QR image
 * per code under `qr/`, and `sheet.html`, a page of labelled QR codes ready to print. Each QR code
 * holds the code's claim link on `origin`, so a phone's own camera opens the claim; the code is
 * printed too, for typing.
 */
export async function writeCodeSheet(
  directory: string,
  batch: { campaign: string; rewardQuantity: string; codes: string[]; origin: string },
): Promise<CodeSheetFiles> {
  const qrDirectory = path.join(directory, 'qr')
  await mkdir(qrDirectory, { recursive: true })
  const link = (code: string) => claimLink(batch.origin, code)
  const csv = path.join(directory, 'codes.csv')
  await writeFile(
    csv,
    [
      'code,campaign,reward,link',
      ...batch.codes.map(
        (code) => `${code},${batch.campaign},${batch.rewardQuantity},${link(code)}`,
      ),
    ]
      .join('\n')
      .concat('\n'),
  )
  for (const code of batch.codes) {
    await QRCode.toFile(path.join(qrDirectory, `${code}.png`), link(code), {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 300,
    })
  }
  const sheet = path.join(directory, 'sheet.html')
  const cards = batch.codes
    .map(
      (code) =>
        `<figure><img src="qr/${code}.png" alt=""><figcaption>${code}<small>${escapeHtml(link(code))}</small></figcaption></figure>`,
    )
    .join('\n')
  await writeFile(
    sheet,
    `<!doctype html>
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
`,
  )
  return { csv, qrDirectory, sheet }
}

/** PUBLIC_ORIGIN is the operator's text: written into the page as text, never as markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
