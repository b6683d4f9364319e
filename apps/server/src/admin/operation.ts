import type { AdminCampaign } from '@fernwood/protocol/admin'
import type { FastifyError, FastifyReply } from 'fastify'
import { type Static, type TObject, type TString, Type } from 'typebox'
import type { AccountOriginSource } from '../chain/account-origins.ts'
import type { Environment } from '../config/environment.ts'
import type { Database } from '../db/database.ts'
import type { PayoutChainNode } from '../payouts/chain-node.ts'
import type { TransferHistory } from '../payouts/transfer-history.ts'
import type { CliFlag } from './cli-flags.ts'
import type { CodeGenerationRunner } from './generation-runner.ts'
import type { Operator } from './operations.ts'

/**
 * An operator's operation, declared once (operation-table.ts): its input, the refusals it may
 * answer and what it does, and how the console's API serves it and the CLI runs it. The routes,
 * the CLI's commands and usage, and the OpenAPI document's errors are all built from these.
 */
export interface Operation<Input extends TObject = TObject, Result = unknown> {
  /** its name, the OpenAPI document's operationId */
  name: string
  /** what it takes, from the request (path, query or body) or the CLI's flags */
  input: Input
  /** the refusals of errors.ts it may answer with, beyond the operator check's */
  errors?: ReadonlyArray<new () => FastifyError>
  run(context: OperationContext, input: Static<Input>): Promise<Result>
  http?: HttpRoute<Result>
  cli?: CliCommand<Result>
}

/** Who runs an operation, and what with: a console operator's request, or the CLI's process. */
export interface OperationContext {
  database: Database
  env: Environment
  /** as the audit log names them */
  operator: Operator
  /** where the links it makes open: the request's own origin, or the configured one */
  origin: string
  /** the chain, opened only by the operations that read it */
  chainNode(): Promise<PayoutChainNode>
  /** makes the codes of the generations it starts */
  generations: CodeGenerationRunner
  /** NFT campaigns with what the chain last said of their supply and pool (the console's lists) */
  withNftStock(campaigns: AdminCampaign[]): Promise<AdminCampaign[]>
  /** where the payout account's past transfers are read (the CLI's reconcile) */
  transferHistory(): Promise<TransferHistory>
  /** where claimants' origins are read (the farm report): null without a history source */
  accountOrigins(): Promise<AccountOriginSource | null>
}

/** An operation as `/api/admin` serves it, to verified operators only (routes.ts). */
export interface HttpRoute<Result> {
  /** its method and Fastify's path, each parameter (`:slug`) the input's property of its name */
  route: `${'GET' | 'POST' | 'DELETE'} /api/admin/${string}`
  /** the status of a success, 200 unless given */
  status?: number
  /** the body of a success, as Fastify's schema: what `run` returns, unless `send` sends more */
  response: object
  /** past BODY_LIMIT_BYTES, for the requests that carry an allowlist */
  bodyLimit?: number
  send?(result: Result, reply: FastifyReply): FastifyReply
}

/** An operation as `npm run admin -- <command>` runs it (commands.ts). */
export interface CliCommand<Result> {
  command: string
  /** its part of the usage text */
  usage: string
  /** by name: the input's property each sets, or an argument of the CLI's own for `print` */
  flags?: Record<string, CliFlag>
  /** the input's property given without a flag, and what the operator is told when it is not */
  positional?: { to: string; missing: string }
  /** says what was done; `args` holds every flag given, the CLI's own ones too */
  print(result: Result, args: Record<string, unknown>, context: CliContext): void | Promise<void>
}

export interface CliContext extends OperationContext {
  print(line: string): void
}

/** An operation whose run and printers are typed by its input schema. */
export const defineOperation = <Input extends TObject, Result>(
  operation: Operation<Input, Result>,
): Operation => operation as unknown as Operation

/** The input of an operation on one campaign: its slug (the path's), and `body`'s properties. */
export const onCampaign = <Body extends TObject>(body: Body) =>
  Type.Object({ slug: Type.String(), ...body.properties }, closedAs(body)) as TObject<
    Body['properties'] & { slug: TString }
  >

/** `schema`'s refusal of properties it does not name, for a schema made from it. */
export const closedAs = (schema: TObject & { additionalProperties?: unknown }) =>
  schema.additionalProperties === false ? { additionalProperties: false } : {}
