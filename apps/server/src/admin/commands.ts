import { parseArgs } from 'node:util'
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { configuredOrigin } from '../http/own-origin.ts'
import { UsageError } from './cli-errors.ts'
import { propertyOf } from './cli-flags.ts'
import { CodeGenerationRunner } from './generation-runner.ts'
import type { CliCommand, CliContext, Operation } from './operation.ts'
import { operations } from './operation-table.ts'
import { CLI_OPERATOR } from './operations.ts'

/** `npm run admin -- <command>`: the operations of the table (operation-table.ts) the CLI runs. */

/**
 * What the CLI runs on: the chain and the history are opened only by the commands that read them.
 * Without `accountOrigins`, the farm report reads no origins, as on a chain without a history source.
 */
export type AdminContext = Pick<
  CliContext,
  'database' | 'env' | 'chainNode' | 'transferHistory' | 'print'
> &
  Partial<Pick<CliContext, 'accountOrigins'>>

type Command = Operation & { cli: CliCommand<unknown> }

const commands = operations.filter((operation): operation is Command => operation.cli !== undefined)

export const USAGE = `Usage: npm run admin -- <command>

${commands.map(({ cli }) => cli.usage.replace(/^/gm, '  ')).join('\n')}`

/** The command `argv` names; throws UsageError, before anything is opened, when it names none. */
export function commandOf(argv: string[]): Command {
  const command = argv.slice(0, 2).join(' ')
  const known = commands.find(({ cli }) => cli.command === command)
  if (!known) throw new UsageError(command ? `Unknown command: ${command}` : 'No command given')
  return known
}

/** Runs one admin command; throws UsageError for a bad call. */
export async function runAdminCommand(argv: string[], context: AdminContext): Promise<void> {
  const operation = commandOf(argv)
  const { database, env } = context
  const cliContext: CliContext = {
    ...context,
    operator: CLI_OPERATOR,
    origin: configuredOrigin(env),
    // The console's job, run to its end in this process: the same limit on generations at
    // once, the same audit, and a server resumes it should this process die mid-way. A failure
    // is kept with the generation, where the command reads it.
    generations: new CodeGenerationRunner({ database, resumeEveryMs: 0, onError: () => {} }),
    withNftStock: async (campaigns) => campaigns,
    accountOrigins: context.accountOrigins ?? (async () => null),
  }
  try {
    const args = await argumentsOf(operation, argv.slice(2))
    const input = Object.fromEntries(
      Object.keys(operation.input.properties).flatMap((property) =>
        args[property] === undefined ? [] : [[property, args[property]]],
      ),
    )
    await operation.cli.print(await operation.run(cliContext, input), args, cliContext)
  } catch (error) {
    // The operations' refusals (errors.ts, and the partner API's of its keys and webhooks) are
    // the operator's mistakes, as a bad flag is.
    if (
      error instanceof Error &&
      /^(ADMIN|API_KEY|WEBHOOK)_/.test((error as { code?: string }).code ?? '')
    ) {
      throw new UsageError(error.message)
    }
    throw error
  }
}

/**
 * The command's arguments: each flag read into the property it sets, the positional one, and
 * the input's properties checked against its schema, each refusal naming its flag.
 */
async function argumentsOf({ input, cli }: Command, argv: string[]) {
  const flags = Object.entries(cli.flags ?? {})
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: argv,
      options: Object.fromEntries(
        flags.map(([name, flag]) => [name, { type: flag.boolean ? 'boolean' : 'string' }]),
      ),
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const args: Record<string, unknown> = {}
  const givenAs = new Map<string, string>()
  for (const [name, flag] of flags) {
    const property = propertyOf(name, flag)
    givenAs.set(property, `--${name}`)
    const value = parsed.values[name]
    if (value !== undefined) args[property] = await flag.read(String(value), name)
    else if (flag.required) throw new UsageError(`--${name} is required`)
  }
  if (cli.positional) args[cli.positional.to] = parsed.positionals[0]
  for (const [property, schema] of Object.entries(input.properties as Record<string, TSchema>)) {
    const value = args[property]
    const refused =
      value === undefined ? input.required?.includes(property) : !Value.Check(schema, value)
    if (!refused) continue
    if (property === cli.positional?.to) throw new UsageError(cli.positional.missing)
    const flag = givenAs.get(property)
    throw new UsageError(
      value === undefined ? `${flag} is required` : `${flag} must be ${allowedValues(schema)}`,
    )
  }
  return args
}

/** What a property's schema takes, in words: its values ('shared or unique'), or its type. */
function allowedValues(schema: TSchema & { enum?: unknown[]; anyOf?: Array<{ const?: unknown }> }) {
  const values = schema.enum ?? schema.anyOf?.map((each) => each.const)
  return values ? values.join(' or ') : `a ${(schema as { type?: string }).type ?? 'value'}`
}
