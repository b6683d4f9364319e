import { describe, expect, it } from 'vitest'
import { REFUSED_RULES } from './support/refused-rules.ts'
import { randomAccount } from './support/rewards.ts'
import { jsonFromSite } from './support/test-app.ts'
import { testDriver } from './support/test-database.ts'
import { useTestApp } from './support/use-test-app.ts'
import { connectWithProof } from './support/wallet-proofs.ts'

const shared = useTestApp({ environment: { ADMIN_ACCOUNTS: 'alice.wam' }, sharedChain: true })

async function createAsOperator(payload: object) {
  const { cookie } = await connectWithProof(shared.app, 'alice.wam', {})
  return shared.app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: { ...jsonFromSite, cookie },
    payload,
  })
}

describe(`a new campaign's rules through the admin API, as the console sends them (${testDriver})`, () => {
  it('takes an uploaded allowlist of 100,000 accounts and the other rules, shown on the claim page', async () => {
    const accounts = Array.from({ length: 100_000 }, () => randomAccount('a'))
    const created = await createAsOperator({
      slug: 'members-only',
      name: 'Members only',
      kind: 'shared',
      reward: '1.0000 FERN',
      code: 'membersonly',
      allowlist: `account\n${accounts.join('\n')}\n`,
      minBalance: '10.0000 FERN@fern.token',
      minAccountAgeDays: 7,
      group: 'members',
      perWallet: '3/week',
    })
    expect(created.statusCode).toBe(201)
    const preview = await shared.app.inject({ method: 'GET', url: '/api/claims/membersonly' })
    expect(preview.json().rules).toEqual({
      eligibility: {
        all: [
          { rule: 'allowlist' },
          { rule: 'min_balance', amount: '10.0000', token: 'FERN', contract: 'fern.token' },
          { rule: 'min_account_age', days: 7 },
        ],
      },
      walletLimit: { group: 'members', claims: 3, period: 'week' },
    })
    const [{ count }] = await shared.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM campaign_allowlists a
         JOIN campaigns c ON c.id = a.campaign_id WHERE c.slug = 'members-only'`,
    )
    expect(count).toBe(100_000)
  })

  it.each(REFUSED_RULES)(
    'refuses the rule %j as %s, naming the field %s',
    async (rule, code, field) => {
      const response = await createAsOperator({
        slug: 'refused-rule',
        name: 'Refused',
        kind: 'shared',
        reward: '1.0000 FERN',
        ...rule,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({ code, field })
    },
  )
})
