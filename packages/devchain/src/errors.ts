/**
 * The node error catalogue: every error the devchain answers, shaped as nodeos (Leap 5 / Spring)
 * renders it from http_plugin: `{code, message, error: {code, name, what, details}}` with the
 * HTTP status nodeos picks for the exception type. nodeos only sends the first log entry in
 * `details` unless `--verbose-http-errors` is on, so there is exactly one detail here too.
 * File, method and line point at where nodeos raises the error; line numbers are indicative.
 */

export interface NodeErrorDetail {
  message: string
  file: string
  line_number: number
  method: string
}

export interface NodeErrorBody {
  code: number
  message: string
  error: { code: number; name: string; what: string; details: NodeErrorDetail[] }
}

/** The `except` object of a failure trace, as send_transaction2 returns it. */
export interface NodeExcept {
  code: number
  name: string
  message: string
  stack: {
    context: {
      level: string
      file: string
      line: number
      method: string
      hostname: string
      thread_name: string
      timestamp: string
    }
    format: string
    data: Record<string, unknown>
  }[]
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'UnAuthorized',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Service Error',
}

interface ErrorKind {
  status: number
  code: number
  name: string
  what: string
  /** http_plugin names some statuses after the exception family rather than the status. */
  statusText?: string
}

export class NodeError extends Error {
  readonly status: number
  readonly statusText: string
  readonly code: number
  readonly errorName: string
  readonly what: string
  readonly detail: NodeErrorDetail

  constructor(kind: ErrorKind, detail: NodeErrorDetail) {
    super(detail.message)
    this.status = kind.status
    this.statusText = kind.statusText ?? STATUS_TEXT[kind.status]
    this.code = kind.code
    this.errorName = kind.name
    this.what = kind.what
    this.detail = detail
  }

  toBody(): NodeErrorBody {
    return {
      code: this.status,
      message: this.statusText,
      error: { code: this.code, name: this.errorName, what: this.what, details: [this.detail] },
    }
  }

  toExcept(timestamp: string): NodeExcept {
    return {
      code: this.code,
      name: this.errorName,
      message: this.what,
      stack: [
        {
          context: {
            level: 'error',
            file: this.detail.file,
            line: this.detail.line_number,
            method: this.detail.method,
            hostname: '',
            thread_name: 'nodeos',
            timestamp,
          },
          format: this.detail.message,
          data: {},
        },
      ],
    }
  }
}

const detail = (message: string, file: string, line_number: number, method: string) => ({
  message,
  file,
  line_number,
  method,
})

/** An error kind as nodeos names it: its HTTP status, code, name and description. */
const kind = (
  status: number,
  code: number,
  name: string,
  what: string,
  statusText?: string,
): ErrorKind => ({ status, code, name, what, ...(statusText && { statusText }) })

const UNSPECIFIED = { code: 0, name: 'exception', what: 'unspecified' }
// biome-ignore format: a catalogue reads best one kind a line
const KIND = {
  INVALID_HTTP_REQUEST: kind(400, 3200006, 'invalid_http_request', 'invalid http request', 'Invalid Request'),
  TRANSACTION_EXCEPTION: kind(500, 3040000, 'transaction_exception', 'Transaction exception'),
  ASSERT_MESSAGE: kind(500, 3050003, 'eosio_assert_message_exception', 'eosio_assert_message assertion failure'),
  ACTION_VALIDATE: kind(500, 3050000, 'action_validate_exception', 'Action validate exception'),
  ACCOUNT_QUERY: kind(400, 3060002, 'account_query_exception', 'Account Query Exception', 'Account lookup'),
  TABLE_QUERY: kind(500, 3060003, 'contract_table_query_exception', 'Contract Table Query Exception'),
  UNSATISFIED_AUTHORIZATION: kind(401, 3090003, 'unsatisfied_authorization', 'Provided keys, permissions, and delays do not satisfy declared authorizations'),
  WASM_EXECUTION: kind(500, 3070002, 'wasm_execution_error', 'Runtime Error Processing WASM'),
}

/** A permission level rendered the way fc prints it inside messages. */
const levelJson = (level: { actor: string; permission: string }) =>
  JSON.stringify({ actor: level.actor, permission: level.permission })

export const nodeErrors = {
  /** Ours, not nodeos': the dev keys are public, so only our own site's pages may push. */
  writeFromForeignOrigin: (origin: string) =>
    new NodeError(
      { ...KIND.INVALID_HTTP_REQUEST, status: 403, statusText: 'Forbidden' },
      detail(
        `This devchain takes transactions only from its own site and local programs, not from ${origin}`,
        'http_plugin.hpp',
        0,
        'verify_origin',
      ),
    ),
  /** Ours, not nodeos': the resources control answers programs on this machine only. */
  controlFromAfar: (from: string) =>
    new NodeError(
      { ...KIND.INVALID_HTTP_REQUEST, status: 403, statusText: 'Forbidden' },
      detail(
        `The devchain's resources control answers programs on this machine only, not ${from}`,
        'http_plugin.hpp',
        0,
        'verify_origin',
      ),
    ),
  unknownEndpoint: () =>
    new NodeError(
      { status: 404, ...UNSPECIFIED },
      detail('Unknown Endpoint', 'beast_http_session.hpp', 186, 'handle_request'),
    ),
  requestBodyRequired: () =>
    new NodeError(
      KIND.INVALID_HTTP_REQUEST,
      detail('A Request body is required', 'http_plugin.hpp', 249, 'parse_params'),
    ),
  unparsableBody: () =>
    new NodeError(
      KIND.INVALID_HTTP_REQUEST,
      detail('Unable to parse valid input from POST body', 'http_plugin.hpp', 270, 'parse_params'),
    ),
  /** chainbase's std::out_of_range, which http_plugin wraps as an unspecified exception. */
  unknownAccount: (account: string) =>
    new NodeError(
      { status: 500, ...UNSPECIFIED },
      detail(
        `unknown key (eosio::chain::name): ${account}`,
        'http_plugin.cpp',
        1011,
        'handle_exception',
      ),
    ),
  /** Any other failure, rendered like a std::exception caught by http_plugin. */
  internal: (message: string) =>
    new NodeError(
      { status: 500, ...UNSPECIFIED },
      detail(message, 'http_plugin.cpp', 1011, 'handle_exception'),
    ),
  unconvertibleKey: (description: string, text: string) =>
    new NodeError(
      kind(500, 3010000, 'chain_type_exception', 'chain type exception'),
      detail(
        `Could not convert ${description} string '${text}' to any of the following: uint64_t, valid name, or valid symbol (with or without the precision)`,
        'chain_plugin.cpp',
        1523,
        'convert_to_type',
      ),
    ),
  accountNotRetrievable: (account: string) =>
    new NodeError(
      KIND.ACCOUNT_QUERY,
      detail(`Fail to retrieve account for ${account}`, 'chain_plugin.cpp', 2412, 'get_abi'),
    ),
  tableNotInAbi: (table: string) =>
    new NodeError(
      KIND.TABLE_QUERY,
      detail(
        `Table ${table} is not specified in the ABI`,
        'chain_plugin.cpp',
        1641,
        'get_table_type',
      ),
    ),
  /** get_table_rows' other refusals: an index it cannot read. */
  tableQuery: (message: string) =>
    new NodeError(
      KIND.TABLE_QUERY,
      detail(message, 'chain_plugin.cpp', 1502, 'get_table_index_name'),
    ),
  unknownBlock: (block: string, method: string) =>
    new NodeError(
      kind(400, 3100002, 'unknown_block_exception', 'Unknown block', 'Unknown Block'),
      detail(`Could not find block: ${block}`, 'chain_plugin.cpp', 1961, method),
    ),
  invalidPackedTransaction: () =>
    new NodeError(
      kind(500, 3010010, 'packed_transaction_type_exception', 'Invalid packed transaction'),
      detail('Invalid packed transaction', 'chain_plugin.cpp', 2201, 'send_transaction_gen'),
    ),
  duplicateTransaction: (id: string) =>
    new NodeError(
      kind(409, 3040008, 'tx_duplicate', 'Duplicate transaction'),
      detail(
        `duplicate transaction ${id}`,
        'producer_plugin.cpp',
        567,
        'process_incoming_transaction_async',
      ),
    ),
  expiredTransaction: (id: string, expiration: string, blockTime: string) =>
    new NodeError(
      kind(500, 3040005, 'expired_tx_exception', 'Expired Transaction'),
      detail(
        `expired transaction ${id}, expiration ${expiration}, block time ${blockTime}`,
        'producer_plugin.cpp',
        552,
        'process_incoming_transaction_async',
      ),
    ),
  expirationTooFar: (referenceTime: string, expiration: string, maxLifetimeSeconds: number) =>
    new NodeError(
      kind(500, 3040006, 'tx_exp_too_far_exception', 'Transaction Expiration Too Far'),
      detail(
        `Transaction expiration is too far in the future relative to the reference time of ${referenceTime}, expiration is ${expiration} and the maximum transaction lifetime is ${maxLifetimeSeconds} seconds`,
        'controller.cpp',
        3421,
        'validate_expiration',
      ),
    ),
  invalidReferenceBlock: () =>
    new NodeError(
      kind(500, 3040007, 'invalid_ref_block_exception', 'Invalid Reference Block'),
      detail(
        "Transaction's reference block did not match. Is this transaction from a different fork?",
        'controller.cpp',
        3435,
        'validate_tapos',
      ),
    ),
  noAction: () =>
    new NodeError(
      kind(500, 3040002, 'tx_no_action', 'Transaction should have at least one normal action'),
      detail('transaction must have at least one action', 'transaction_context.cpp', 282, 'init'),
    ),
  noAuthorization: () =>
    new NodeError(
      kind(500, 3040003, 'tx_no_auths', 'Transaction should have at least one required authority'),
      detail(
        'transaction must have at least one authorization',
        'transaction_context.cpp',
        806,
        'validate_referenced_accounts',
      ),
    ),
  codeAccountMissing: (account: string) =>
    new NodeError(
      KIND.TRANSACTION_EXCEPTION,
      detail(
        `action's code account '${account}' does not exist`,
        'transaction_context.cpp',
        789,
        'validate_referenced_accounts',
      ),
    ),
  actorMissing: (account: string) =>
    new NodeError(
      KIND.TRANSACTION_EXCEPTION,
      detail(
        `action's authorizing actor '${account}' does not exist`,
        'transaction_context.cpp',
        797,
        'validate_referenced_accounts',
      ),
    ),
  permissionMissing: (level: { actor: string; permission: string }) =>
    new NodeError(
      KIND.TRANSACTION_EXCEPTION,
      detail(
        `action's authorizations include a non-existent permission: ${levelJson(level)}`,
        'transaction_context.cpp',
        799,
        'validate_referenced_accounts',
      ),
    ),
  unsatisfiedAuthorization: (
    level: { actor: string; permission: string },
    providedKeys: string[],
    providedPermissions: { actor: string; permission: string }[] = [],
  ) =>
    new NodeError(
      KIND.UNSATISFIED_AUTHORIZATION,
      detail(
        `transaction declares authority '${levelJson(level)}', but does not have signatures for it under a provided delay of 0 ms, provided permissions [${providedPermissions.map(levelJson).join(',')}], provided keys ${JSON.stringify(providedKeys)}, and a delay max limit of 3888000000 ms`,
        'authorization_manager.cpp',
        597,
        'check_authorization',
      ),
    ),
  /** get_required_keys: the available keys cannot satisfy a declared authorization. */
  requiredKeysUnavailable: (level: { actor: string; permission: string }) =>
    new NodeError(
      KIND.UNSATISFIED_AUTHORIZATION,
      detail(
        `transaction declares authority '${levelJson(level)}', but does not have signatures for it.`,
        'authorization_manager.cpp',
        668,
        'get_required_keys',
      ),
    ),
  duplicateSignature: (key: string) =>
    new NodeError(
      kind(500, 3090005, 'tx_duplicate_sig', 'Duplicate signature included'),
      detail(
        `transaction includes more than one signature signed using the same key associated with public key: ${key}`,
        'transaction.cpp',
        97,
        'get_signature_keys',
      ),
    ),
  irrelevantSignatures: (keys: string[]) =>
    new NodeError(
      kind(500, 3090006, 'tx_irrelevant_sig', 'Irrelevant signature included'),
      detail(
        `transaction bears irrelevant signatures from these keys: ${JSON.stringify(keys)}`,
        'authorization_manager.cpp',
        612,
        'check_authorization',
      ),
    ),
  missingAuthority: (account: string) =>
    new NodeError(
      kind(500, 3090004, 'missing_auth_exception', 'Missing required authority'),
      detail(`missing authority of ${account}`, 'apply_context.cpp', 283, 'require_authorization'),
    ),
  /** newaccount's own checks of its name and authorities, before any contract code runs. */
  invalidNewAccount: (message: string) =>
    new NodeError(
      KIND.ACTION_VALIDATE,
      detail(message, 'eosio_contract.cpp', 79, 'apply_eosio_newaccount'),
    ),
  accountNameExists: (name: string) =>
    new NodeError(
      kind(500, 3050001, 'account_name_exists_exception', 'Account name already exists'),
      detail(
        `Cannot create account named ${name}, as that name is already taken`,
        'eosio_contract.cpp',
        98,
        'apply_eosio_newaccount',
      ),
    ),
  /** A failed `check()` inside a contract. */
  assertionFailure: (message: string) =>
    new NodeError(
      KIND.ASSERT_MESSAGE,
      detail(`assertion failure with message: ${message}`, 'cf_system.cpp', 14, 'eosio_assert'),
    ),
  /** A failed `check()` with a numeric code (eosio_assert_code). */
  assertionCodeFailure: (code: bigint) =>
    new NodeError(
      kind(500, 3050004, 'eosio_assert_code_exception', 'eosio_assert_code assertion failure'),
      detail(
        `assertion failure with error code: ${code}`,
        'cf_system.cpp',
        27,
        'eosio_assert_code',
      ),
    ),
  abortCalled: () =>
    new NodeError(
      kind(500, 3050008, 'abort_called', 'Abort Called'),
      detail('abort() called', 'cf_system.cpp', 34, 'abort'),
    ),
  /** The contract's code trapped (unreachable, out-of-bounds memory, …) or a host call failed. */
  wasmExecution: (message: string) =>
    new NodeError(KIND.WASM_EXECUTION, detail(message, 'wasm_interface.cpp', 72, 'apply')),
  inlineCodeMissing: (account: string) =>
    new NodeError(
      KIND.ACTION_VALIDATE,
      detail(
        `inline action's code account ${account} does not exist`,
        'apply_context.cpp',
        356,
        'execute_inline',
      ),
    ),
  inlineActorMissing: (account: string) =>
    new NodeError(
      KIND.ACTION_VALIDATE,
      detail(
        `inline action's authorizing actor ${account} does not exist`,
        'apply_context.cpp',
        363,
        'execute_inline',
      ),
    ),
  inlinePermissionMissing: (level: { actor: string; permission: string }) =>
    new NodeError(
      KIND.ACTION_VALIDATE,
      detail(
        `inline action's authorizations include a non-existent permission: ${levelJson(level)}`,
        'apply_context.cpp',
        365,
        'execute_inline',
      ),
    ),
  inlineDepthReached: () =>
    new NodeError(
      KIND.TRANSACTION_EXCEPTION,
      detail('max inline action depth per transaction reached', 'apply_context.cpp', 130, 'exec'),
    ),
  /** RAM_RESTRICTIONS: a contract billed RAM to an account that did not authorise the action. */
  unauthorizedRamUsageIncrease: (account: string, inNotification: boolean) =>
    new NodeError(
      kind(
        500,
        3050010,
        'unauthorized_ram_usage_increase',
        'Action attempts to increase RAM usage of account without authorization',
      ),
      detail(
        inNotification
          ? `unprivileged contract cannot increase RAM usage of another account within a notify context: ${account}`
          : `unprivileged contract cannot increase RAM usage of another account that has not authorized the action: ${account}`,
        'apply_context.cpp',
        inNotification ? 116 : 118,
        'exec_one',
      ),
    ),
  ramUsageExceeded: (account: string, needs: number, available: number) =>
    new NodeError(
      kind(500, 3080001, 'ram_usage_exceeded', 'Account using more than allotted RAM usage'),
      detail(
        `account ${account} has insufficient ram; needs ${needs} bytes has ${available} bytes`,
        'resource_limits.cpp',
        242,
        'verify_account_ram_usage',
      ),
    ),
  netUsageExceeded: (netUsage: number, netLimit: number) =>
    new NodeError(
      kind(
        500,
        3080002,
        'tx_net_usage_exceeded',
        'Transaction exceeded the current network usage limit imposed on the transaction',
      ),
      detail(
        `transaction net usage is too high: ${netUsage} > ${netLimit}`,
        'transaction_context.cpp',
        424,
        'check_net_usage',
      ),
    ),
  /**
   * The billed CPU time is more than the first authorizer can afford, or than the transaction's
   * own max_cpu_usage_ms allows (`reason` names which, as nodeos' message does).
   */
  cpuUsageExceeded: (billed: number, billable: number, reason: 'account' | 'transaction') =>
    new NodeError(
      kind(
        500,
        3080004,
        'tx_cpu_usage_exceeded',
        'Transaction exceeded the current CPU usage limit imposed on the transaction',
      ),
      detail(
        `billed CPU time (${billed} us) is greater than the maximum billable CPU time for the transaction (${billable} us)${
          reason === 'account'
            ? ` reached account cpu limit ${billable}us`
            : ` reached trx specified max_cpu_usage_ms ${billable}us`
        }`,
        'transaction_context.cpp',
        580,
        'validate_account_cpu_usage',
      ),
    ),
  unknownAction: (contract: string, action: string) =>
    new NodeError(
      KIND.ACTION_VALIDATE,
      detail(
        `Unknown action ${action} in contract ${contract}`,
        'abi_serializer.cpp',
        497,
        '_binary_to_variant',
      ),
    ),
  transactionNotFound: (id: string, blockNumHint?: number) =>
    new NodeError(
      kind(500, 3040011, 'tx_not_found', 'The transaction can not be found'),
      detail(
        blockNumHint === undefined
          ? `Transaction ${id} not found in history and no block hint was given`
          : `Transaction ${id} not found in history or in block number ${blockNumHint}`,
        'history_plugin.cpp',
        blockNumHint === undefined ? 487 : 538,
        'get_transaction',
      ),
    ),
}
