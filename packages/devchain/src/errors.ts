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

const UNSPECIFIED = { code: 0, name: 'exception', what: 'unspecified' }
const INVALID_HTTP_REQUEST = {
  status: 400,
  statusText: 'Invalid Request',
  code: 3200006,
  name: 'invalid_http_request',
  what: 'invalid http request',
}
const TRANSACTION_EXCEPTION = {
  status: 500,
  code: 3040000,
  name: 'transaction_exception',
  what: 'Transaction exception',
}
const ASSERT_MESSAGE = {
  status: 500,
  code: 3050003,
  name: 'eosio_assert_message_exception',
  what: 'eosio_assert_message assertion failure',
}
const ACTION_VALIDATE = {
  status: 500,
  code: 3050000,
  name: 'action_validate_exception',
  what: 'Action validate exception',
}
const ACCOUNT_QUERY = {
  status: 400,
  statusText: 'Account lookup',
  code: 3060002,
  name: 'account_query_exception',
  what: 'Account Query Exception',
}

const TABLE_QUERY = {
  status: 500,
  code: 3060003,
  name: 'contract_table_query_exception',
  what: 'Contract Table Query Exception',
}
const UNSATISFIED_AUTHORIZATION = {
  status: 401,
  code: 3090003,
  name: 'unsatisfied_authorization',
  what: 'Provided keys, permissions, and delays do not satisfy declared authorizations',
}
const WASM_EXECUTION = {
  status: 500,
  code: 3070002,
  name: 'wasm_execution_error',
  what: 'Runtime Error Processing WASM',
}

/** A permission level rendered the way fc prints it inside messages. */
const levelJson = (level: { actor: string; permission: string }) =>
  JSON.stringify({ actor: level.actor, permission: level.permission })

export const nodeErrors = {
  /** Ours, not nodeos': the dev keys are public, so only our own site's pages may push. */
  writeFromForeignOrigin: (origin: string) =>
    new NodeError(
      { ...INVALID_HTTP_REQUEST, status: 403, statusText: 'Forbidden' },
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
      { ...INVALID_HTTP_REQUEST, status: 403, statusText: 'Forbidden' },
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
      INVALID_HTTP_REQUEST,
      detail('A Request body is required', 'http_plugin.hpp', 249, 'parse_params'),
    ),
  unparsableBody: () =>
    new NodeError(
      INVALID_HTTP_REQUEST,
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
      { status: 500, code: 3010000, name: 'chain_type_exception', what: 'chain type exception' },
      detail(
        `Could not convert ${description} string '${text}' to any of the following: uint64_t, valid name, or valid symbol (with or without the precision)`,
        'chain_plugin.cpp',
        1523,
        'convert_to_type',
      ),
    ),
  accountNotRetrievable: (account: string) =>
    new NodeError(
      ACCOUNT_QUERY,
      detail(`Fail to retrieve account for ${account}`, 'chain_plugin.cpp', 2412, 'get_abi'),
    ),
  tableNotInAbi: (table: string) =>
    new NodeError(
      TABLE_QUERY,
      detail(
        `Table ${table} is not specified in the ABI`,
        'chain_plugin.cpp',
        1641,
        'get_table_type',
      ),
    ),
  /** get_table_rows' other refusals: an index it cannot read. */
  tableQuery: (message: string) =>
    new NodeError(TABLE_QUERY, detail(message, 'chain_plugin.cpp', 1502, 'get_table_index_name')),
  unknownBlock: (block: string, method: string) =>
    new NodeError(
      {
        status: 400,
        statusText: 'Unknown Block',
        code: 3100002,
        name: 'unknown_block_exception',
        what: 'Unknown block',
      },
      detail(`Could not find block: ${block}`, 'chain_plugin.cpp', 1961, method),
    ),
  invalidPackedTransaction: () =>
    new NodeError(
      {
        status: 500,
        code: 3010010,
        name: 'packed_transaction_type_exception',
        what: 'Invalid packed transaction',
      },
      detail('Invalid packed transaction', 'chain_plugin.cpp', 2201, 'send_transaction_gen'),
    ),
  duplicateTransaction: (id: string) =>
    new NodeError(
      { status: 409, code: 3040008, name: 'tx_duplicate', what: 'Duplicate transaction' },
      detail(
        `duplicate transaction ${id}`,
        'producer_plugin.cpp',
        567,
        'process_incoming_transaction_async',
      ),
    ),
  expiredTransaction: (id: string, expiration: string, blockTime: string) =>
    new NodeError(
      { status: 500, code: 3040005, name: 'expired_tx_exception', what: 'Expired Transaction' },
      detail(
        `expired transaction ${id}, expiration ${expiration}, block time ${blockTime}`,
        'producer_plugin.cpp',
        552,
        'process_incoming_transaction_async',
      ),
    ),
  expirationTooFar: (referenceTime: string, expiration: string, maxLifetimeSeconds: number) =>
    new NodeError(
      {
        status: 500,
        code: 3040006,
        name: 'tx_exp_too_far_exception',
        what: 'Transaction Expiration Too Far',
      },
      detail(
        `Transaction expiration is too far in the future relative to the reference time of ${referenceTime}, expiration is ${expiration} and the maximum transaction lifetime is ${maxLifetimeSeconds} seconds`,
        'controller.cpp',
        3421,
        'validate_expiration',
      ),
    ),
  invalidReferenceBlock: () =>
    new NodeError(
      {
        status: 500,
        code: 3040007,
        name: 'invalid_ref_block_exception',
        what: 'Invalid Reference Block',
      },
      detail(
        "Transaction's reference block did not match. Is this transaction from a different fork?",
        'controller.cpp',
        3435,
        'validate_tapos',
      ),
    ),
  noAction: () =>
    new NodeError(
      {
        status: 500,
        code: 3040002,
        name: 'tx_no_action',
        what: 'Transaction should have at least one normal action',
      },
      detail('transaction must have at least one action', 'transaction_context.cpp', 282, 'init'),
    ),
  noAuthorization: () =>
    new NodeError(
      {
        status: 500,
        code: 3040003,
        name: 'tx_no_auths',
        what: 'Transaction should have at least one required authority',
      },
      detail(
        'transaction must have at least one authorization',
        'transaction_context.cpp',
        806,
        'validate_referenced_accounts',
      ),
    ),
  codeAccountMissing: (account: string) =>
    new NodeError(
      TRANSACTION_EXCEPTION,
      detail(
        `action's code account '${account}' does not exist`,
        'transaction_context.cpp',
        789,
        'validate_referenced_accounts',
      ),
    ),
  actorMissing: (account: string) =>
    new NodeError(
      TRANSACTION_EXCEPTION,
      detail(
        `action's authorizing actor '${account}' does not exist`,
        'transaction_context.cpp',
        797,
        'validate_referenced_accounts',
      ),
    ),
  permissionMissing: (level: { actor: string; permission: string }) =>
    new NodeError(
      TRANSACTION_EXCEPTION,
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
      UNSATISFIED_AUTHORIZATION,
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
      UNSATISFIED_AUTHORIZATION,
      detail(
        `transaction declares authority '${levelJson(level)}', but does not have signatures for it.`,
        'authorization_manager.cpp',
        668,
        'get_required_keys',
      ),
    ),
  duplicateSignature: (key: string) =>
    new NodeError(
      {
        status: 500,
        code: 3090005,
        name: 'tx_duplicate_sig',
        what: 'Duplicate signature included',
      },
      detail(
        `transaction includes more than one signature signed using the same key associated with public key: ${key}`,
        'transaction.cpp',
        97,
        'get_signature_keys',
      ),
    ),
  irrelevantSignatures: (keys: string[]) =>
    new NodeError(
      {
        status: 500,
        code: 3090006,
        name: 'tx_irrelevant_sig',
        what: 'Irrelevant signature included',
      },
      detail(
        `transaction bears irrelevant signatures from these keys: ${JSON.stringify(keys)}`,
        'authorization_manager.cpp',
        612,
        'check_authorization',
      ),
    ),
  missingAuthority: (account: string) =>
    new NodeError(
      {
        status: 500,
        code: 3090004,
        name: 'missing_auth_exception',
        what: 'Missing required authority',
      },
      detail(`missing authority of ${account}`, 'apply_context.cpp', 283, 'require_authorization'),
    ),
  /** newaccount's own checks of its name and authorities, before any contract code runs. */
  invalidNewAccount: (message: string) =>
    new NodeError(
      ACTION_VALIDATE,
      detail(message, 'eosio_contract.cpp', 79, 'apply_eosio_newaccount'),
    ),
  accountNameExists: (name: string) =>
    new NodeError(
      {
        status: 500,
        code: 3050001,
        name: 'account_name_exists_exception',
        what: 'Account name already exists',
      },
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
      ASSERT_MESSAGE,
      detail(`assertion failure with message: ${message}`, 'cf_system.cpp', 14, 'eosio_assert'),
    ),
  /** A failed `check()` with a numeric code (eosio_assert_code). */
  assertionCodeFailure: (code: bigint) =>
    new NodeError(
      {
        status: 500,
        code: 3050004,
        name: 'eosio_assert_code_exception',
        what: 'eosio_assert_code assertion failure',
      },
      detail(
        `assertion failure with error code: ${code}`,
        'cf_system.cpp',
        27,
        'eosio_assert_code',
      ),
    ),
  abortCalled: () =>
    new NodeError(
      { status: 500, code: 3050008, name: 'abort_called', what: 'Abort Called' },
      detail('abort() called', 'cf_system.cpp', 34, 'abort'),
    ),
  /** The contract's code trapped (unreachable, out-of-bounds memory, …) or a host call failed. */
  wasmExecution: (message: string) =>
    new NodeError(WASM_EXECUTION, detail(message, 'wasm_interface.cpp', 72, 'apply')),
  inlineCodeMissing: (account: string) =>
    new NodeError(
      ACTION_VALIDATE,
      detail(
        `inline action's code account ${account} does not exist`,
        'apply_context.cpp',
        356,
        'execute_inline',
      ),
    ),
  inlineActorMissing: (account: string) =>
    new NodeError(
      ACTION_VALIDATE,
      detail(
        `inline action's authorizing actor ${account} does not exist`,
        'apply_context.cpp',
        363,
        'execute_inline',
      ),
    ),
  inlinePermissionMissing: (level: { actor: string; permission: string }) =>
    new NodeError(
      ACTION_VALIDATE,
      detail(
        `inline action's authorizations include a non-existent permission: ${levelJson(level)}`,
        'apply_context.cpp',
        365,
        'execute_inline',
      ),
    ),
  inlineDepthReached: () =>
    new NodeError(
      TRANSACTION_EXCEPTION,
      detail('max inline action depth per transaction reached', 'apply_context.cpp', 130, 'exec'),
    ),
  /** RAM_RESTRICTIONS: a contract billed RAM to an account that did not authorise the action. */
  unauthorizedRamUsageIncrease: (account: string, inNotification: boolean) =>
    new NodeError(
      {
        status: 500,
        code: 3050010,
        name: 'unauthorized_ram_usage_increase',
        what: 'Action attempts to increase RAM usage of account without authorization',
      },
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
      {
        status: 500,
        code: 3080001,
        name: 'ram_usage_exceeded',
        what: 'Account using more than allotted RAM usage',
      },
      detail(
        `account ${account} has insufficient ram; needs ${needs} bytes has ${available} bytes`,
        'resource_limits.cpp',
        242,
        'verify_account_ram_usage',
      ),
    ),
  netUsageExceeded: (netUsage: number, netLimit: number) =>
    new NodeError(
      {
        status: 500,
        code: 3080002,
        name: 'tx_net_usage_exceeded',
        what: 'Transaction exceeded the current network usage limit imposed on the transaction',
      },
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
      {
        status: 500,
        code: 3080004,
        name: 'tx_cpu_usage_exceeded',
        what: 'Transaction exceeded the current CPU usage limit imposed on the transaction',
      },
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
      ACTION_VALIDATE,
      detail(
        `Unknown action ${action} in contract ${contract}`,
        'abi_serializer.cpp',
        497,
        '_binary_to_variant',
      ),
    ),
  transactionNotFound: (id: string, blockNumHint?: number) =>
    new NodeError(
      {
        status: 500,
        code: 3040011,
        name: 'tx_not_found',
        what: 'The transaction can not be found',
      },
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
