import { accounts, treasures } from '../support/dashboard'
import { dashboardTexts, texts } from '../texts'
import { expect, kitDialog, test, walletOption } from '../wallet-fixtures'

/** This feature's texts, written out independently of the app's. */
const nftTexts = {
  picture: 'Ancient Relic, the NFT',
  claim: 'Claim the NFT Ancient Relic',
  collection: 'Collection fernwoodnfts',
} as const

interface AssetRow {
  asset_id: string
  collection_name: string
  template_id: number
}

test('a claim link of an NFT shows it before entering; claimed, Treasures shows the minted asset, which the chain gives the visitor', async ({
  page,
  baseURL,
}) => {
  await page.goto('/c/ancient-relic')
  const offer = page.getByRole('region', { name: texts.claimWaiting })
  await expect(offer).toContainText('Forest relics')
  await expect(offer.getByRole('img', { name: nftTexts.picture })).toBeVisible()

  await page.getByRole('button', { name: texts.enterForest }).click()
  const dialog = kitDialog(page)
  await walletOption(dialog, 'Dev Wallet').click()
  await dialog.getByRole('button', { name: `${accounts.payingCodes}@active` }).click()
  await expect(page.getByText(dashboardTexts.waxAccount(accounts.payingCodes))).toBeVisible()
  await page.getByRole('button', { name: nftTexts.claim }).click()

  // Paid without a reload: the live feed brings the treasure, its picture and its asset id.
  const treasure = treasures(page).getByRole('listitem').filter({ hasText: 'ancient-relic' })
  await expect(treasure).toBeVisible({ timeout: 20_000 })
  const picture = treasure.getByRole('img', { name: nftTexts.picture })
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
    template_id: 3,
  })
})
