import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import QRCode from 'qrcode'

export interface CodeSheetFiles {
  csv: string
  qrDirectory: string
  sheet: string
}

/**
 * Writes printable material for a batch of codes into `directory`: `codes.csv`, one PNG QR image
 * per code under `qr/`, and `sheet.html`, a page of labelled QR codes ready to print.
 */
export async function writeCodeSheet(
  directory: string,
  batch: { campaign: string; rewardQuantity: string; codes: string[] },
): Promise<CodeSheetFiles> {
  const qrDirectory = path.join(directory, 'qr')
  await mkdir(qrDirectory, { recursive: true })
  const csv = path.join(directory, 'codes.csv')
  await writeFile(
    csv,
    [
      'code,campaign,reward',
      ...batch.codes.map((code) => `${code},${batch.campaign},${batch.rewardQuantity}`),
    ]
      .join('\n')
      .concat('\n'),
  )
  for (const code of batch.codes) {
    await QRCode.toFile(path.join(qrDirectory, `${code}.png`), code, {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 300,
    })
  }
  const sheet = path.join(directory, 'sheet.html')
  const cards = batch.codes
    .map(
      (code) =>
        `<figure><img src="qr/${code}.png" alt=""><figcaption>${code}</figcaption></figure>`,
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
</style></head>
<body><h1>${batch.campaign}: ${batch.rewardQuantity} each</h1><main>
${cards}
</main></body></html>
`,
  )
  return { csv, qrDirectory, sheet }
}
