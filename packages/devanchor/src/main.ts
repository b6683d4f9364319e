import { parseArgs } from 'node:util'
import { APIClient } from '@wharfkit/antelope'
import { DevAnchor } from './dev-anchor.ts'
import { listenOnLinkChannel } from './link-channel.ts'

const usage = `Usage: npm run dev-anchor -- '<esr link>' [--account alice.wam] [--decline] [--serve]
  [--chain http://127.0.0.1:3000/devchain]

Answers the esr: link the wallet kit shows for Anchor (its QR code, or 'Copy to clipboard') like
Anchor on a phone: approves as --account (alice.wam by default) or, with --decline, cancels. With
--serve it then stays up on the login's link channel and signs every transaction the page sends.`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    account: { type: 'string', default: 'alice.wam' },
    decline: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
    chain: {
      type: 'string',
      default: process.env.DEVCHAIN_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/devchain`,
    },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const link = positionals[0]
if (values.help || !link) {
  console.log(usage)
  process.exit(values.help ? 0 : 2)
}

const anchor = new DevAnchor({ client: new APIClient({ url: values.chain }) })
try {
  const summary = await anchor.inspect(link)
  console.log(
    summary.kind === 'identity'
      ? `login request from ${summary.appName ?? 'an app'} on chain ${summary.chainId}`
      : `transaction: ${summary.actions.map(({ account, name }) => `${account}::${name}`).join(', ')}`,
  )
  if (values.decline) {
    await anchor.decline(link)
    console.log('declined')
    process.exit(0)
  }
  const { payload, session } = await anchor.approve(link, { account: values.account })
  console.log(`approved as ${payload.sa}@${payload.sp} (transaction ${payload.tx})`)
  if (!values.serve) process.exit(0)
  if (!session) throw new Error('--serve needs a login request that asks for a link session')

  const channel = listenOnLinkChannel(anchor, session, {
    onEvent: (event) => {
      if (event.kind === 'approved') console.log(`signed transaction ${event.transactionId}`)
      else if (event.kind === 'failed') console.error(`could not answer: ${event.error.message}`)
    },
  })
  await channel.connected
  console.log(`serving ${payload.sa}'s session on ${session.channelUrl}; Ctrl+C to stop`)
  const stop = () => {
    channel.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
