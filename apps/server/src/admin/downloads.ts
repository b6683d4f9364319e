import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'

/** A file an operation writes as it is sent: its name, and its text a chunk at a time. */
export interface StreamedFile {
  name: string
  chunks: AsyncIterable<string>
}

/** A download's body: text as the document describes it, a stream as the route sends it. */
export const streamedText = (mediaType: string, description: string) => ({
  content: { [mediaType]: { schema: Type.Unsafe<Readable>({ type: 'string' }) } },
  description,
})

/** Sends a file as an attachment of `mediaType`, read as it is sent: no answer holds it all. */
export const attachment =
  (mediaType: string) =>
  ({ name, chunks }: StreamedFile, reply: FastifyReply) =>
    reply
      .type(`${mediaType}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(Readable.from(chunks))
