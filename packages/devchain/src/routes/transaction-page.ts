import type { FastifyInstance } from 'fastify'
import type { ChainState, ExecutedTransaction } from '../chain-state'
import { formatTimePoint } from '../time'
import { escapeHtml, page } from './html-page'

function describeAction(action: Record<string, unknown>): string {
  const data = action.data
  if (typeof data !== 'object' || data === null) {
    return `<tr><td>${escapeHtml(`${action.account}::${action.name}`)}</td><td colspan="4"><code>${escapeHtml(String(data))}</code></td></tr>`
  }
  const field = (name: string) => escapeHtml(String((data as Record<string, unknown>)[name] ?? ''))
  // An AtomicAssets mint, as the Treasures list links to it: who got which template's asset.
  if (action.name === 'mintasset') {
    return `<tr><td>${escapeHtml(`${action.account}::${action.name}`)}</td><td>${field('authorized_minter')}</td><td>${field('new_asset_owner')}</td><td>${field('collection_name')} template ${field('template_id')}</td><td></td></tr>`
  }
  return `<tr><td>${escapeHtml(`${action.account}::${action.name}`)}</td><td>${field('from')}</td><td>${field('to')}</td><td>${field('quantity')}</td><td>${field('memo')}</td></tr>`
}

function renderTransaction(executed: ExecutedTransaction): string {
  const actions = (executed.transaction.actions as Record<string, unknown>[])
    .map(describeAction)
    .join('')
  return page(
    `Transaction ${executed.id}`,
    `<h1>Transaction</h1>
<p>ID: <code>${escapeHtml(executed.id)}</code></p>
<p>Block: ${executed.blockNum}</p>
<p>Time: ${escapeHtml(formatTimePoint(executed.blockTimeMs))} UTC</p>
<table><thead><tr><th>Action</th><th>From</th><th>To</th><th>Quantity</th><th>Memo</th></tr></thead>
<tbody>${actions}</tbody></table>`,
  )
}

/** The human-readable page the app's "TX: …" links open on the devchain. */
export function registerTransactionPage(app: FastifyInstance, state: ChainState): void {
  app.get<{ Params: { id: string } }>('/tx/:id', async (request, reply) => {
    const executed = state.transactions.get(request.params.id.toLowerCase())
    reply.type('text/html; charset=utf-8')
    if (!executed) {
      return reply
        .code(404)
        .send(
          page(
            'Transaction not found',
            `<h1>Transaction not found</h1><p><code>${escapeHtml(request.params.id)}</code> is not on this devchain.</p>`,
          ),
        )
    }
    return reply.send(renderTransaction(executed))
  })
}
