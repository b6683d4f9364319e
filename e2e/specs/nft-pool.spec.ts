import { newCampaignForm, withOperator } from '../support/console'
import { expect } from '../wallet-fixtures'

/** The console's texts for a pool, written out independently of the app's. */
const poolTexts = {
  question: 'Each claim pays',
  token: 'A token amount',
  choice: 'An NFT from the payout account’s pool',
  field: 'NFT pool',
  held: /^(\d+) assets held by the payout account$/,
  noneHeld:
    'The payout account holds none of this template’s assets: a pool campaign of it would be refused.',
  refused: 'The payout account holds no asset of this template to hand out: send it some first.',
  left: (count: number) => `${count} left in the pool`,
} as const

const OPERATOR = 'carol.wam'

const test = withOperator(OPERATOR)

test('an operator makes a pool campaign of the acorns the payout account holds, told beforehand how many it holds, and of a template it holds none of it is refused', async ({
  page,
}) => {
  const form = await newCampaignForm(page, OPERATOR)
  await form.getByLabel('Slug').fill('acorn-pool')
  await form.getByLabel('Name', { exact: true }).fill('Acorn pool')
  // What a claim pays is one named choice, made from the keyboard as any radio group's is.
  const pays = form.getByRole('group', { name: poolTexts.question })
  await pays.getByRole('radio', { name: poolTexts.token }).focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(pays.getByRole('radio', { name: poolTexts.choice })).toBeChecked()
  const pool = form.getByLabel(poolTexts.field, { exact: true })

  // The seed gives the payout account acorns only: a pool of fern fronds has nothing to send.
  await pool.fill('fernwoodnfts:1')
  await expect(form.getByRole('status').filter({ hasText: 'Fern frond' })).toContainText(
    poolTexts.noneHeld,
  )
  await form.getByRole('button', { name: 'Create campaign' }).click()
  await expect(pool).toHaveAttribute('aria-invalid', 'true')
  await expect(pool).toHaveAccessibleDescription(new RegExp(`^${poolTexts.refused}`))

  await pool.fill('fernwoodnfts:2')
  const preview = form.getByRole('status').filter({ hasText: 'Oak acorn' })
  const heldLine = preview.getByText(poolTexts.held)
  await expect(heldLine).toBeVisible()
  const held = Number(poolTexts.held.exec((await heldLine.textContent()) ?? '')?.[1])
  expect(held).toBeGreaterThan(0)
  await form.getByRole('button', { name: 'Create campaign' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Created campaign acorn-pool (unique' }),
  ).toBeVisible()

  const row = page.locator('tr[data-campaign="acorn-pool"]')
  await expect(row).toContainText('Oak acorn')
  await expect(row.locator('[data-column="nft-pool"]')).toHaveText(poolTexts.left(held))
})
