/** `src/schema.d.ts` as generated from the server's OpenAPI document. */
export function clientSchema(document: unknown): Promise<string>
