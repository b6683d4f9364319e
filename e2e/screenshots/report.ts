import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** One screenshot taken, with what axe found serious or critical on it. */
export interface ShotRecord {
  surface: string
  shows: string
  device: string
  theme: 'light' | 'dark'
  file: string
  violations: string[]
}

export function printTable(records: ShotRecord[]): void {
  const rows = [
    ['surface', 'device', 'theme', 'file', 'serious violations'],
    ...records.map((record) => [
      record.surface,
      record.device,
      record.theme,
      record.file,
      String(record.violations.length),
    ]),
  ]
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  for (const row of rows) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '))
  }
}

/** The index beside the images: each one linked, with what it shows. */
export async function writeIndex(folder: string, records: ShotRecord[]): Promise<void> {
  const lines = [
    '# Fernwood, surface by surface',
    '',
    'Taken by `npm run screenshots -w @fernwood/e2e` (e2e/screenshots/run.ts) against a real server',
    "on the devchain, in Chromium with reduced motion; axe-core's serious and critical findings",
    'on each are in the last column.',
    '',
    '| Surface | Device | Theme | Image | What it shows | Serious violations |',
    '| --- | --- | --- | --- | --- | --- |',
    ...records.map(
      (record) =>
        `| ${record.surface} | ${record.device} | ${record.theme} | [${record.file}](${record.file}) | ${record.shows} | ${record.violations.length ? record.violations.join('; ') : 'none'} |`,
    ),
    '',
  ]
  await writeFile(join(folder, 'index.md'), lines.join('\n'))
}
