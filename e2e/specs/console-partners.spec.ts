import { seriousViolations } from '../support/axe'
import { openConsoleQuicklyAs, withOperator } from '../support/console'
import { expect } from '../wallet-fixtures'

/** The console's texts the spec looks for, written out independently of the app's. */
const partnerTexts = {
  keySecretTitle: (name: string) => `The secret of the API key “${name}”`,
  revokeKeyOf: (name: string) => `Revoke the API key “${name}”`,
  revokeKeyTitle: (name: string) => `Revoke the API key “${name}”?`,
  keyRevoked: (name: string) => `Revoked the API key “${name}”.`,
  webhookSecretTitle: (url: string) => `The signing secret of ${url}`,
  deliveriesOf: (url: string) => `Deliveries to ${url}`,
  redelivered: 'It is delivered again in a moment.',
  redelivering: 'Redelivering...',
} as const

const OPERATOR = 'carol.wam'
// The spec's visitor submits over HTTP, without the browser's proof of work.
const test = withOperator(OPERATOR, { HUMAN_CHECK_DEFAULT: 'off' })

// Loopback is allowed on the devchain; nothing listens there, so each delivery fails and retries.
const RECEIVER = 'http://127.0.0.1:9/fernwood'

test('an operator creates an API key, sees its secret once, revokes it, adds a webhook and sees its deliveries', async ({
  page,
}) => {
  await openConsoleQuicklyAs(page, OPERATOR)
  const origin = new URL(page.url()).origin
  const campaign = await page.request.post('/api/admin/campaigns', {
    headers: { origin },
    data: {
      slug: 'partner-quests',
      name: 'Partner quests',
      kind: 'shared',
      code: 'partner-quest',
      reward: '1.0000 FERN',
      // Not started: a claim of its code is rejected at once, an event for the webhook.
      startsAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    },
  })
  expect(campaign.status(), await campaign.text()).toBe(201)
  const campaignBox = 'Partner quests (partner-quests)'

  const keys = page.getByRole('region', { name: 'API keys' })
  await keys.getByLabel('Name').fill('Quest server')
  await keys.getByRole('checkbox', { name: campaignBox }).check()
  await keys.getByRole('button', { name: 'Create the key' }).click()
  const secretDialog = page.getByRole('dialog', {
    name: partnerTexts.keySecretTitle('Quest server'),
  })
  const secretField = secretDialog.getByLabel('Secret')
  await expect(secretField).toBeFocused()
  const secret = await secretField.inputValue()
  expect(secret).toMatch(/^fwk_/)
  // Closed from the keyboard, the secret is gone from the page for good.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(secretDialog.getByRole('button', { name: 'Done' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(secretDialog).toBeHidden()
  expect(await page.content()).not.toContain(secret)

  const keyRow = keys.getByRole('row', { name: /Quest server/ })
  await expect(keyRow).toContainText('partner-quests')
  await expect(keyRow).toContainText('never')
  await expect(keyRow).toContainText('in force')
  expect(
    (
      await page.request.get('/api/v1/grants?reference=quest-1', {
        headers: { authorization: `Bearer ${secret}` },
      })
    ).status(),
  ).toBe(200)

  await keyRow.getByRole('button', { name: partnerTexts.revokeKeyOf('Quest server') }).click()
  const confirm = page.getByRole('alertdialog', {
    name: partnerTexts.revokeKeyTitle('Quest server'),
  })
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Revoke' }).click()
  await expect(keys.getByText(partnerTexts.keyRevoked('Quest server'))).toBeVisible()
  await expect(keyRow).toContainText('revoked')
  await expect(keyRow.getByRole('button')).toHaveCount(0)
  expect(
    (
      await page.request.get('/api/v1/grants?reference=quest-1', {
        headers: { authorization: `Bearer ${secret}` },
      })
    ).status(),
  ).toBe(401)

  const webhooks = page.getByRole('region', { name: 'Webhooks' })
  await webhooks.getByLabel('URL').fill(RECEIVER)
  await webhooks.getByRole('checkbox', { name: /^reward\.rejected/ }).check()
  await webhooks.getByRole('checkbox', { name: campaignBox }).check()
  await webhooks.getByRole('button', { name: 'Add the endpoint' }).click()
  const signingDialog = page.getByRole('dialog', {
    name: partnerTexts.webhookSecretTitle(RECEIVER),
  })
  await expect(signingDialog.getByLabel('Secret')).toHaveValue(/^whsec_/)
  await signingDialog.getByRole('button', { name: 'Done' }).click()
  await expect(signingDialog).toBeHidden()
  await expect(webhooks.getByRole('row', { name: new RegExp(RECEIVER) })).toContainText(
    'reward.rejected',
  )

  const claim = await page.request.post('/api/codes', {
    headers: { origin },
    data: { code: 'partner-quest' },
  })
  expect(claim.status(), await claim.text()).toBe(201)
  expect((await claim.json()).reward.rejection).toBe('not_started')

  await webhooks.getByRole('button', { name: partnerTexts.deliveriesOf(RECEIVER) }).click()
  const deliveries = webhooks.getByRole('table', { name: partnerTexts.deliveriesOf(RECEIVER) })
  await expect(deliveries.getByRole('row', { name: /reward\.rejected/ })).toBeVisible()
  // The list read again after the redelivery is held, so the button is seen while still busy:
  // named then by what it shows, as WCAG's label in name asks, and the panel checked so.
  let releaseList: () => void = () => {}
  const listHeld = new Promise<void>((resolve) => {
    releaseList = resolve
  })
  await page.route(
    '**/api/admin/webhooks/*/deliveries',
    async (route) => {
      await listHeld
      await route.continue()
    },
    { times: 1 },
  )
  const redeliver = deliveries.getByRole('button', {
    name: /^Redeliver the reward\.rejected event/,
  })
  await redeliver.click()
  await expect(webhooks.getByText(partnerTexts.redelivered)).toBeVisible()
  await expect(deliveries.getByRole('button', { name: partnerTexts.redelivering })).toBeDisabled()
  expect(await seriousViolations(page, '[data-panel]')).toEqual([])
  releaseList()
  await expect(redeliver).toBeEnabled()

  expect(await seriousViolations(page, '[data-panel]')).toEqual([])
})
