import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/** The `.sql` files of a folder, name and text, in name order: the order they are applied in. */
export async function sqlFilesIn(directory: string): Promise<Array<[name: string, sql: string]>> {
  const names = (await readdir(directory)).filter((name) => name.endsWith('.sql')).sort()
  return Promise.all(
    names.map(
      async (name): Promise<[string, string]> => [
        name,
        await readFile(path.join(directory, name), 'utf8'),
      ],
    ),
  )
}
