import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  normalizeCode,
  RewardsQuerySchema,
  RewardsResponseSchema,
  SubmitCodeRequestSchema,
  SubmitCodeResponseSchema,
} from '@fernwood/protocol'
import { Type } from 'typebox'
import { requireUser, signedInUser } from '../auth/authenticate.ts'
import { sessionTokenOf } from '../auth/session-cookie.ts'
import type { AccountHoldings } from '../chain/account-holdings.ts'
import type { Database } from '../db/database.ts'
import { HumanCheck } from '../fairness/human-check.ts'
import { OperatorCheck, type OperatorCheckSettings } from '../fairness/operator-check.ts'
import { humanCheckRoutes } from '../fairness/routes.ts'
import { HumanCheckSolutionSchema } from '../fairness/schemas.ts'
import type { HumanCheckSettings } from '../fairness/settings.ts'
import { retryAfter } from '../http/errors.ts'
import {
  clientAddress,
  clientSession,
  rateLimitHook,
  refusal,
  waitingTime,
} from '../http/rate-limit.ts'
import { withEligibility } from './eligible-submissions.ts'
import {
  CodeDuplicate,
  CodeInvalid,
  CodeLockedOut,
  CodesRateLimited,
  EligibilityUnavailable,
  OperatorCheckUnavailable,
} from './errors.ts'
import { readRewardLists } from './reward-lists.ts'
import { createSubmissionBatches } from './submission-batches.ts'
import type { SubmissionRules } from './submission-rules.ts'
import type { SubmissionOutcome } from './submit-codes.ts'

export interface RewardRoutesOptions {
  database: Database
  rules: SubmissionRules
  /** the chain's answers to campaigns' eligibility rules */
  holdings: AccountHoldings
  /** reads of the lists allowed per minute from one session, and from one client address */
  listsPerMinute: { perSession: number; perAddress: number }
  /** the proof of work asked of claims of campaigns with the check on (fairness/) */
  humanCheck: HumanCheckSettings
  /** how campaigns' own check URLs are asked (fairness/operator-check.ts) */
  operatorCheck: OperatorCheckSettings
}

/** A code, with the solved human check when its campaign asks for one (HUMAN_CHECK_REQUIRED). */
const SubmitCheckedCodeRequestSchema = Type.Object({
  ...SubmitCodeRequestSchema.properties,
  humanCheck: Type.Optional(HumanCheckSolutionSchema),
})

/**
 * `POST /api/codes` submits a code; `GET /api/rewards` lists a page of the wallet's rewards not
 * yet paid and a page of its paid ones (`?pendingBefore=` and `?historyBefore=` page further back).
 */
export const rewardRoutes: FastifyPluginAsyncTypebox<RewardRoutesOptions> = async (
  app,
  {
    database,
    rules,
    holdings,
    listsPerMinute,
    humanCheck: humanCheckSettings,
    operatorCheck: operatorCheckSettings,
  },
) => {
  const authenticate = requireUser(database)
  const submitCode = withEligibility(
    database,
    holdings,
    new OperatorCheck(database, operatorCheckSettings, app.log),
    createSubmissionBatches(database, rules),
  )
  const humanCheck = new HumanCheck(database, holdings, humanCheckSettings)
  await app.register(humanCheckRoutes, {
    humanCheck,
    perMinute: { perSession: rules.perUser, perAddress: rules.perAddress },
  })
  // Each read is a transaction of two queries: unlimited, one visitor's loop slowed everyone's
  // reads down. Counted before the session is looked up, so a refusal costs one round trip.
  const listLimit = rateLimitHook(
    app,
    {
      name: 'reward-lists',
      max: listsPerMinute.perSession,
      windowMs: 60_000,
      key: clientSession,
    },
    {
      name: 'reward-lists-address',
      max: listsPerMinute.perAddress,
      windowMs: 60_000,
      key: clientAddress,
    },
  )

  app.post(
    '/api/codes',
    {
      // A malformed body gets the spec's message like any other bad code, not a schema error.
      attachValidation: true,
      schema: {
        body: SubmitCheckedCodeRequestSchema,
        response: { 201: SubmitCodeResponseSchema },
      },
    },
    async (request, reply) => {
      const claim = {
        sessionToken: sessionTokenOf(request),
        code: request.validationError ? undefined : normalizeCode(request.body.code),
        clientAddress: clientAddress(request),
      }
      // Before the submission joins a batch, each on its own: a claim of a campaign with the
      // check on goes no further without its solution (answered from memory when it is off).
      await humanCheck.admit({
        ...claim,
        solution: request.validationError ? undefined : request.body.humanCheck,
      })
      // The hottest path: the session, both rate limits and the submission in one round trip,
      // shared with the submissions arriving meanwhile.
      const outcome = await submitCode(claim)
      if (outcome.kind !== 'submitted') throw refusalOf(outcome)
      return reply.status(201).send({ reward: outcome.reward })
    },
  )

  app.get(
    '/api/rewards',
    {
      onRequest: listLimit,
      preHandler: authenticate,
      schema: { querystring: RewardsQuerySchema, response: { 200: RewardsResponseSchema } },
    },
    async (request) => {
      const { historyBefore, pendingBefore } = request.query
      return readRewardLists(database, signedInUser(request).waxAccount, {
        history: historyBefore,
        pending: pendingBefore,
      })
    },
  )
}

/** The error a submission refused answers with, in the spec's words. */
function refusalOf(outcome: Exclude<SubmissionOutcome, { kind: 'submitted' }>): Error {
  switch (outcome.kind) {
    case 'duplicate':
      return new CodeDuplicate()
    case 'invalid':
      return new CodeInvalid()
    case 'rate-limited':
      return refusal({ refuse: (wait) => new CodesRateLimited(wait) }, outcome.msLeft)
    case 'locked-out':
      return retryAfter(new CodeLockedOut(waitingTime(outcome.secondsLeft)), outcome.secondsLeft)
    case 'eligibility-required':
    case 'eligibility-unavailable':
      return retryAfter(new EligibilityUnavailable(), ELIGIBILITY_RETRY_SECONDS)
    case 'operator-check-unavailable':
      return retryAfter(new OperatorCheckUnavailable(), ELIGIBILITY_RETRY_SECONDS)
  }
}

// A node's hiccup usually passes within seconds; the cached answers make the retry cheap.
const ELIGIBILITY_RETRY_SECONDS = 5
