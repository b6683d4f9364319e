import type { Page } from '@playwright/test'
import { chooseNftToMint, newCampaignForm, withOperator } from '../support/console'
import { accounts, treasures } from '../support/dashboard'
import { dashboardTexts, texts } from '../texts'
import { expect, kitDialog, test, walletOption } from '../wallet-fixtures'

/** This feature's texts, written out independently of the app's. */
const nftTexts = {
  picture: (name: string) => `${name}, the NFT`,
  claim: (name: string) => `Claim ${name}`,
  claimed: 'Reward claimed!',
  paidTo: (account: string) => `Paid to ${account}.`,
  toDashboard: 'Go to my dashboard',
  collection: 'Collection fernwoodnfts',
} as const

interface AssetRow {
  asset_id: string
  collection_name: string
  template_id: number
}

/** An NFT campaign's claim link, and what the visitor should be offered and given through it. */
interface NftClaim {
  code: string
  campaign: string
  nft: string
  templateId: number
}

/**
 * As a visitor: opens the claim link of `claim.code`, sees the NFT before entering, connects the
 * Dev Wallet and claims. Treasures shows the asset paid without a reload, and AtomicAssets'
 * `assets` table (read through the devchain) has it as the visitor's.
 */
async function claimNftThroughLink(page: Page, baseURL: string | undefined, claim: NftClaim) {
  await page.goto(`/c/${claim.code}`)
  const offer = page.getByRole('region', { name: texts.claimWaiting })
  await expect(offer).toContainText(claim.campaign)
  await expect(offer.getByRole('img', { name: nftTexts.picture(claim.nft) })).toBeVisible()

  // One press enters, opens the wallet's dialog and claims once the wallet is connected.
  await page.getByRole('button', { name: nftTexts.claim(claim.nft) }).click()
  const dialog = kitDialog(page)
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${accounts.payingCodes}@active` }).click()
  // A shared code: the human check may run first, the claim goes once it is done.
  const moment = page.getByRole('dialog', { name: nftTexts.claimed })
  await expect(moment).toBeVisible({ timeout: 15_000 })
  // Veiled while on its way, as its Activity entry shows it; unveiled once paid.
  const momentPicture = moment.getByRole('img', { name: nftTexts.picture(claim.nft) })
  await expect(momentPicture).toBeVisible()
  await expect(momentPicture).toHaveCSS('filter', /saturate/)
  await expect(moment.getByRole('status')).toHaveText(nftTexts.paidTo(accounts.payingCodes), {
    timeout: 20_000,
  })
  await expect(momentPicture).toHaveCSS('filter', 'none')
  await moment.getByRole('button', { name: nftTexts.toDashboard }).click()
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toBeVisible()

  // Paid without a reload: the live feed brings the treasure, its picture and its asset id.
  const treasure = treasures(page).getByRole('listitem').filter({ hasText: claim.code })
  await expect(treasure).toBeVisible({ timeout: 20_000 })
  const picture = treasure.getByRole('img', { name: nftTexts.picture(claim.nft) })
  await expect(picture).toHaveAttribute('loading', 'lazy')
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
  await expect(treasure).toContainText(nftTexts.collection)
  const assetId = ((await treasure.getByRole('link', { name: /^Asset / }).textContent()) ?? '')
    .replace('#', '')
    .trim()
  expect(assetId).toMatch(/^\d+$/)

  // The asset is the visitor's, in AtomicAssets' own table.
  const response = await fetch(`${baseURL}/devchain/v1/chain/get_table_rows`, {
    method: 'POST',
    body: JSON.stringify({
      code: 'atomicassets',
      table: 'assets',
      scope: accounts.payingCodes,
      json: true,
      limit: 1000,
    }),
  })
  const { rows } = (await response.json()) as { rows: AssetRow[] }
  expect(rows.find((row) => String(row.asset_id) === assetId)).toMatchObject({
    collection_name: 'fernwoodnfts',
    template_id: claim.templateId,
  })
}

test('a claim link of an NFT shows it before entering; claimed, Treasures shows the minted asset, which the chain gives the visitor', async ({
  page,
  baseURL,
}) => {
  await claimNftThroughLink(page, baseURL, {
    code: 'ancient-relic',
    campaign: 'Forest relics',
    nft: 'Ancient Relic',
    templateId: 3,
  })
})

test('a claim link of a pool campaign shows its NFT; claimed, Treasures shows the asset sent from the payout account’s pool', async ({
  page,
  baseURL,
}) => {
  await claimNftThroughLink(page, baseURL, {
    code: 'oak-acorn',
    campaign: 'The old oak',
    nft: 'Oak acorn',
    templateId: 2,
  })
})

const OPERATOR = 'carol.wam'
const operatorTest = withOperator(OPERATOR)

operatorTest(
  'an NFT campaign an operator creates in the console mints its NFT to the visitor who claims its link',
  async ({ page, browser, baseURL }) => {
    // The operator, in a browser of their own, makes a shared campaign minting the Fern frond.
    const operatorContext = await browser.newContext({ baseURL })
    try {
      const operator = await operatorContext.newPage()
      const form = await newCampaignForm(operator, OPERATOR)
      await form.getByLabel('Slug').fill('frond-gift')
      await form.getByLabel('Name', { exact: true }).fill('Frond gift')
      await form.getByLabel('Kind').selectOption('shared')
      await chooseNftToMint(form, 'fernwoodnfts:1')
      await expect(
        form.getByRole('status').getByRole('img', { name: nftTexts.picture('Fern frond') }),
      ).toBeVisible()
      await form.getByLabel('Code', { exact: true }).fill('frond-gift-link')
      await form.getByRole('button', { name: 'Create campaign' }).click()
      await expect(
        operator.getByRole('status').filter({ hasText: 'Created campaign frond-gift (shared' }),
      ).toBeVisible()
    } finally {
      await operatorContext.close()
    }

    await claimNftThroughLink(page, baseURL, {
      code: 'frond-gift-link',
      campaign: 'Frond gift',
      nft: 'Fern frond',
      templateId: 1,
    })
  },
)
