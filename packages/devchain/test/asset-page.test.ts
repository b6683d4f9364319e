import { describe, expect, it } from 'vitest'
import {
  devchainSeed,
  NFT_COLLECTION,
  NFT_CONTRACT,
  PAYOUT_ACCOUNT,
  PAYOUT_PRIVATE_KEY,
} from '../src/index'
import { devchainForTheseTests } from '../src/testing'
import { sessionFor } from './support/chain-requests'

const testChain = devchainForTheseTests()

interface AssetRow {
  asset_id: string | number
  template_id: number
}

async function assetsOf(owner: string): Promise<AssetRow[]> {
  const { rows } = await testChain.client.v1.chain.get_table_rows({
    code: NFT_CONTRACT,
    table: 'assets',
    scope: owner,
    limit: 1000,
    json: true,
  })
  return rows as AssetRow[]
}

async function assetPage(id: string): Promise<{ status: number; type: string; html: string }> {
  const response = await fetch(`${testChain.devchain.url}/asset/${id}`)
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    html: await response.text(),
  }
}

describe("the devchain's page of an asset, which an NFT's 'Asset #…' link opens", () => {
  it("shows the asset's name, picture, description, owner, collection and template", async () => {
    const [acorn] = await assetsOf(PAYOUT_ACCOUNT)
    const page = await assetPage(String(acorn.asset_id))
    expect(page.status).toBe(200)
    expect(page.type).toBe('text/html; charset=utf-8')
    expect(page.html).toContain('<h1>Oak acorn</h1>')
    expect(page.html).toContain('<img src="../nft/oak-acorn.svg" alt="Oak acorn"')
    expect(page.html).toContain('<p>An acorn from the Fernwood&#39;s oldest oak.</p>')
    expect(page.html).toContain(`<th scope="row">Owner</th><td>${PAYOUT_ACCOUNT}</td>`)
    expect(page.html).toContain(`<th scope="row">Collection</th><td>${NFT_COLLECTION}</td>`)
    expect(page.html).toContain(`<th scope="row">Template</th><td>#${acorn.template_id}</td>`)
  })

  it('escapes whatever a template holds: a name with markup is shown as text, never run', async () => {
    const session = sessionFor(testChain.devchain, PAYOUT_ACCOUNT, PAYOUT_PRIVATE_KEY)
    const name = '<script>alert("x")</script> & <b>bold</b>'
    const action = (actionName: string, data: Record<string, unknown>) => ({
      account: NFT_CONTRACT,
      name: actionName,
      authorization: [{ actor: PAYOUT_ACCOUNT, permission: 'active' }],
      data,
    })
    await session.transact({
      action: action('createtempl', {
        authorized_creator: PAYOUT_ACCOUNT,
        collection_name: NFT_COLLECTION,
        schema_name: devchainSeed.nfts.schema.name,
        transferable: true,
        burnable: true,
        max_supply: 0,
        immutable_data: [
          { key: 'name', value: ['string', name] },
          { key: 'img', value: ['string', 'https://example.org/"onerror="alert(1)'] },
        ],
      }),
    })
    const templateId = devchainSeed.nfts.templates.length + 1
    await session.transact({
      action: action('mintasset', {
        authorized_minter: PAYOUT_ACCOUNT,
        collection_name: NFT_COLLECTION,
        schema_name: devchainSeed.nfts.schema.name,
        template_id: templateId,
        new_asset_owner: 'bob.wam',
        immutable_data: [],
        mutable_data: [],
        tokens_to_back: [],
      }),
    })
    const minted = (await assetsOf('bob.wam')).find((asset) => asset.template_id === templateId)
    const page = await assetPage(String(minted?.asset_id))
    expect(page.status).toBe(200)
    expect(page.html).toContain(
      '<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</h1>',
    )
    expect(page.html).not.toContain('<script')
    expect(page.html).not.toContain('<b>')
    // An image from elsewhere is named, not loaded, and its quotes cannot open an attribute.
    expect(page.html).not.toContain('<img')
    expect(page.html).toContain('https://example.org/&quot;onerror=&quot;alert(1)')
  })

  it('answers 404 with a page for an id that is no asset, the id escaped', async () => {
    const missing = await assetPage('99999999')
    expect(missing.status).toBe(404)
    expect(missing.html).toContain('<code>99999999</code> is no asset on this devchain.')
    const markup = await assetPage(encodeURIComponent('<i>1</i>'))
    expect(markup.status).toBe(404)
    expect(markup.html).toContain('<code>&lt;i&gt;1&lt;/i&gt;</code>')
  })
})
