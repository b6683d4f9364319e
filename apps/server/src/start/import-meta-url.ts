import { pathToFileURL } from 'node:url'

/**
 * What `import.meta.url` stands for in the server's CommonJS bundle (build.mjs points every
 * bundled module's at it): the bundle's own file, beside which its modules find what they read.
 */
export const importMetaUrl = pathToFileURL(__filename).href
