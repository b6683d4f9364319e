import path from 'node:path'
import { CLAIM_LINK_PATH } from '@fernwood/protocol'
import {
  CodeGenerationResponseSchema,
  CodeGenerationsResponseSchema,
  GenerateCodesRequestSchema,
  MAX_GENERATED_CODES,
} from '@fernwood/protocol/admin'
import { Type } from 'typebox'
import { codesOfGeneration } from '../campaigns/codes.ts'
import type { Queryable } from '../db/database.ts'
import { text, whole } from './cli-flags.ts'
import { findGeneration, listGenerations, startGeneration } from './code-generations.ts'
import { type CodeBatch, codesCsv, printableSheet, writeCodeSheet } from './code-sheet.ts'
import { attachment, streamedText } from './downloads.ts'
import * as refusals from './errors.ts'
import { defineOperation, onCampaign } from './operation.ts'

/** The operations on code generations: start one, follow it, download its files. */

// Codes read per query while a file is written, and rendered per chunk of the sheet.
const FILE_PAGE_SIZE = 500

const GenerationInput = Type.Object({ id: Type.String({ format: 'uuid' }) })

const generateCodes = defineOperation({
  name: 'generateCodes',
  input: onCampaign(GenerateCodesRequestSchema),
  errors: [
    refusals.AdminCampaignNotFound,
    refusals.AdminCampaignShared,
    refusals.AdminCodeCountInvalid,
    refusals.AdminGenerationsBusy,
  ],
  // A job, made a step at a time by this process's runner (a server resumes it should this
  // process die mid-way): the console follows it, the CLI waits for it.
  run: async ({ database, operator, origin, generations }, { slug, count }) => {
    const job = await startGeneration(
      database,
      operator,
      { slug, count, origin },
      generations.holder,
    )
    const generation = await findGeneration(database, job.id)
    void generations.follow(job)
    return { generation }
  },
  http: {
    route: 'POST /api/admin/campaigns/:slug/codes',
    status: 202,
    response: CodeGenerationResponseSchema,
  },
  cli: {
    command: 'codes generate',
    usage: `codes generate --campaign <slug> --count <n> --out <directory>
                 (unique campaigns: codes.csv, qr/<code>.png and a printable sheet.html;
                 each QR code holds the code's claim link, PUBLIC_ORIGIN/c/<code>; the
                 generation is listed in the console too, its files downloadable there)`,
    flags: {
      campaign: text('slug'),
      count: whole(MAX_GENERATED_CODES),
      out: { ...text(), required: true },
    },
    print: async ({ generation: { id } }, args, { database, env, origin, generations, print }) => {
      await generations.idle()
      const generation = await findGeneration(database, id)
      if (generation.state !== 'done') {
        throw new Error(
          generation.error ?? `Code generation ${id} stopped at ${generation.made} codes.`,
        )
      }
      const files = await writeCodeSheet(
        path.resolve(String(args.out)),
        codeBatch(database, generation),
      )
      print(`Generated ${generation.count} codes for ${generation.campaign}.`)
      print(`  CSV:       ${files.csv}`)
      print(`  QR images: ${files.qrDirectory}`)
      print(`  Printable: ${files.sheet}`)
      print(`  Links:     ${origin}${CLAIM_LINK_PATH}<code>`)
      if (!env.PUBLIC_ORIGIN) {
        print('  (PUBLIC_ORIGIN is not set: these links open on this machine only)')
      }
    },
  },
})

/** A generation's codes, a page at a time, as its files are made from them. */
const codeBatch = (
  database: Queryable,
  generation: Omit<CodeBatch, 'pages'> & { id: string },
): CodeBatch => ({
  ...generation,
  pages: () => codesOfGeneration(database, generation.id, FILE_PAGE_SIZE),
})

const listCodeGenerations = defineOperation({
  name: 'listCodeGenerations',
  input: Type.Object({}),
  run: async ({ database }) => ({ generations: await listGenerations(database) }),
  http: { route: 'GET /api/admin/generations', response: CodeGenerationsResponseSchema },
})

const readCodeGeneration = defineOperation({
  name: 'readCodeGeneration',
  input: GenerationInput,
  errors: [refusals.AdminGenerationNotFound],
  run: async ({ database }, { id }) => ({ generation: await findGeneration(database, id) }),
  http: {
    route: 'GET /api/admin/generations/:id',
    response: CodeGenerationResponseSchema,
  },
})

/**
 * A download of a generation's files, `file` of it: streamed a page of codes at a time, as often
 * as any operator likes, once it stopped running.
 */
const generationFile = (
  name: string,
  file: string,
  mediaType: string,
  description: string,
  render: (batch: CodeBatch) => AsyncIterable<string>,
) =>
  defineOperation({
    name,
    input: GenerationInput,
    errors: [refusals.AdminGenerationNotFound, refusals.AdminGenerationRunning],
    run: async ({ database }, { id }) => {
      const generation = await findGeneration(database, id)
      if (generation.state === 'running') throw new refusals.AdminGenerationRunning(id)
      return {
        name: `${generation.campaign}-${file}`,
        chunks: render(codeBatch(database, generation)),
      }
    },
    http: {
      route: `GET /api/admin/generations/:id/${file}`,
      response: streamedText(mediaType, description),
      send: attachment(mediaType),
    },
  })

export const codeOperations = [
  generateCodes,
  listCodeGenerations,
  readCodeGeneration,
  generationFile(
    'downloadGeneratedCodes',
    'codes.csv',
    'text/csv',
    'code,campaign,reward,link; one row per code',
    codesCsv,
  ),
  generationFile(
    'downloadCodeSheet',
    'sheet.html',
    'text/html',
    'the printable page of labelled QR codes',
    printableSheet,
  ),
]
