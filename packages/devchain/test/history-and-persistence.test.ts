import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { APIClient } from '@wharfkit/antelope'
import { describe, expect, it } from 'vitest'
import { DEVCHAIN_CHAIN_ID, NFT_CONTRACT, PAYOUT_PRIVATE_KEY, startDevchain } from '../src/index'
import { closedAfterEachTest, treasureMintAction } from '../src/testing'
import {
  balanceOf,
  makeTempDir,
  nodeErrorOf,
  sessionFor,
  signTransaction,
  transferAction,
} from './support/chain-requests'

const opened = closedAfterEachTest()
const start = (dataDir?: string) => opened.devchain({ dataDir })

const payout = (memo: string) =>
  transferAction('fern.token', 'fernwoodpays', {
    from: 'fernwoodpays',
    to: 'carol.wam',
    quantity: '2.5000 FERN',
    memo,
  })

describe('history/get_transaction', () => {
  it('finds an executed transaction by id with its block and actions', async () => {
    const { devchain, client } = await start()
    const result = await sessionFor(devchain, 'fernwoodpays', PAYOUT_PRIVATE_KEY).transact({
      action: payout('history'),
    })
    const id = String(result.resolved?.transaction.id)
    const found = await client.v1.history.get_transaction(id)
    expect(String(found.id)).toBe(id)
    expect(Number(found.block_num)).toBe(result.response?.processed.block_num)
    expect(found.trx.receipt.status).toBe('executed')
    expect(found.trx.trx.actions[0].data).toMatchObject({ to: 'carol.wam', memo: 'history' })
    const block = await waitForBlock(client, Number(found.block_num))
    expect(block.transactions.map((receipt) => String(receipt.id))).toContain(id)
  })

  it('answers an unknown id with tx_not_found', async () => {
    const { client } = await start()
    const unknown = 'ab'.repeat(32)
    const error = await nodeErrorOf(() => client.v1.history.get_transaction(unknown))
    expect(error.response.status).toBe(500)
    expect(error.code).toBe(3040011)
    expect(error.name).toBe('tx_not_found')
    expect(error.details[0].message).toBe(
      `Transaction ${unknown} not found in history and no block hint was given`,
    )
  })
})

async function waitForBlock(client: APIClient, blockNum: number) {
  for (;;) {
    const info = await client.v1.chain.get_info()
    if (Number(info.head_block_num) >= blockNum) return client.v1.chain.get_block(blockNum)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('persistence', () => {
  it('balances, blocks, executed transactions and seen ids survive a restart', async () => {
    const dir = await makeTempDir()
    opened.defer(dir.remove)
    const first = await start(dir.path)
    const signed = await signTransaction(
      first.client,
      [payout('before restart')],
      [PAYOUT_PRIVATE_KEY],
    )
    await first.client.v1.chain.send_transaction(signed)
    const headBefore = Number((await first.client.v1.chain.get_info()).head_block_num)
    await first.devchain.close()
    expect((await readdir(dir.path)).filter((name) => name.endsWith('.tmp'))).toEqual([])

    const second = await start(dir.path)
    expect(await balanceOf(second.client, 'fern.token', 'carol.wam', 'FERN')).toBe('2.5000 FERN')
    expect(Number((await second.client.v1.chain.get_info()).head_block_num)).toBeGreaterThanOrEqual(
      headBefore,
    )
    const found = await second.client.v1.history.get_transaction(signed.id)
    expect(String(found.id)).toBe(String(signed.id))
    const resent = await nodeErrorOf(() => second.client.v1.chain.send_transaction(signed))
    expect(resent.name).toBe('tx_duplicate')
  })

  it('contract tables and account resources survive a restart, with the payers of their rows', async () => {
    const dir = await makeTempDir()
    opened.defer(dir.remove)
    const first = await start(dir.path)
    await sessionFor(first.devchain, 'fernwoodpays', PAYOUT_PRIVATE_KEY).transact({
      action: treasureMintAction('fernwoodpays', 2, 'carol.wam'),
    })
    first.devchain.setAccountResources('fernwoodpays', { cpu: { max: 123_456_789 } })
    const assets = () =>
      first.client.v1.chain.get_table_rows({
        code: NFT_CONTRACT,
        table: 'assets',
        scope: 'carol.wam',
        show_payer: true,
      })
    const before = {
      assets: (await assets()).rows,
      account: await first.client.v1.chain.get_account('fernwoodpays'),
    }
    await first.devchain.close()

    const second = await start(dir.path)
    const after = await second.client.v1.chain.get_table_rows({
      code: NFT_CONTRACT,
      table: 'assets',
      scope: 'carol.wam',
      show_payer: true,
    })
    expect(after.rows).toEqual(before.assets)
    expect(after.rows).toHaveLength(1)
    const account = await second.client.v1.chain.get_account('fernwoodpays')
    expect(Number(account.ram_usage)).toBe(Number(before.account.ram_usage))
    expect(Number(account.cpu_limit.max)).toBe(123_456_789)
    expect(Number(account.cpu_limit.used)).toBe(Number(before.account.cpu_limit.used))
    // The restored tables take new rows, billed as before.
    await second.client.v1.chain.send_transaction(
      await signTransaction(second.client, [payout('after restart')], [PAYOUT_PRIVATE_KEY]),
    )
    expect(await balanceOf(second.client, 'fern.token', 'carol.wam', 'FERN')).toBe('2.5000 FERN')
  })

  it('refuses the state file of the earlier devchain, saying how to start again', async () => {
    const dir = await makeTempDir()
    opened.defer(dir.remove)
    const file = join(dir.path, 'devchain-state.json')
    await writeFile(file, JSON.stringify({ version: 1, chainId: DEVCHAIN_CHAIN_ID, tokens: [] }))
    await expect(startDevchain({ port: 0, dataDir: dir.path })).rejects.toThrow(
      `Delete ${file} to start again from the seed`,
    )
  })

  it('a restarted chain without a data directory starts again from the seed', async () => {
    const first = await start()
    await first.client.v1.chain.send_transaction(
      await signTransaction(first.client, [payout('in memory')], [PAYOUT_PRIVATE_KEY]),
    )
    await first.devchain.close()
    const second = await start()
    expect(await balanceOf(second.client, 'fern.token', 'carol.wam', 'FERN')).toBe('none')
  })
})

describe('the transaction page', () => {
  it('shows id, block, time and the transfer, HTML-escaped and without scripts', async () => {
    const { devchain, client } = await start()
    const signed = await signTransaction(
      client,
      [payout('<script>alert(1)</script>')],
      [PAYOUT_PRIVATE_KEY],
    )
    const { processed } = await client.v1.chain.send_transaction(signed)
    const response = await fetch(`${devchain.url}/tx/${signed.id}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html).toContain(String(signed.id))
    expect(html).toContain(`Block: ${processed.block_num}`)
    expect(html).toContain('2.5000 FERN')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script')
    const missing = await fetch(`${devchain.url}/tx/${'cd'.repeat(32)}`)
    expect(missing.status).toBe(404)
  })
})
