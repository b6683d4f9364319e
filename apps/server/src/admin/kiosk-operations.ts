import {
  IssuedKioskCredentialResponseSchema,
  IssueKioskCredentialRequestSchema,
  KIOSK_HOURS,
  KioskCredentialsResponseSchema,
} from '@fernwood/protocol/admin'
import { Type } from 'typebox'
import {
  issueKioskCredential,
  listKioskCredentials,
  revokeKioskCredential,
} from '../campaigns/kiosk-credentials.ts'
import { text, whole } from './cli-flags.ts'
import * as refusals from './errors.ts'
import { defineOperation, onCampaign } from './operation.ts'

/**
 * Kiosk credentials (campaigns/kiosk-credentials.ts): a kiosk tablet runs on one of these, never on an
 * operator's session.
 */

const issueKiosk = defineOperation({
  name: 'issueKioskCredential',
  input: onCampaign(IssueKioskCredentialRequestSchema),
  errors: [
    refusals.AdminCampaignNotFound,
    refusals.AdminCampaignShared,
    refusals.AdminKioskHoursInvalid,
  ],
  run: ({ database, operator, origin }, { slug, hours }) =>
    issueKioskCredential(database, operator, { slug, hours, origin }),
  http: {
    route: 'POST /api/admin/campaigns/:slug/kiosk-credentials',
    status: 201,
    response: IssuedKioskCredentialResponseSchema,
    // The answer holds the secret, this once: no cache keeps it.
    send: (issued, reply) => reply.status(201).header('cache-control', 'no-store').send(issued),
  },
  cli: {
    command: 'kiosk issue',
    usage: `kiosk issue --campaign <slug> [--hours <n>]
                             a kiosk link for a unique campaign's kiosk screen on a tablet: it
                             opens that screen and nothing else, for n hours (default 24, at
                             most 720) unless revoked; shown this once, kept only as a hash`,
    flags: { campaign: text('slug'), hours: whole(KIOSK_HOURS.max) },
    print: ({ credential, link }, _, { env, print }) => {
      print(
        `Issued kiosk credential ${credential.id} for ${credential.campaign}, until ${credential.expiresAt}.`,
      )
      print('Open this link on the tablet; it is not shown again:')
      print(`  ${link}`)
      if (!env.PUBLIC_ORIGIN) {
        print('  (PUBLIC_ORIGIN is not set: this link opens on this machine only)')
      }
    },
  },
})

const listKiosks = defineOperation({
  name: 'listKioskCredentials',
  input: Type.Object({}),
  run: async ({ database }) => ({ credentials: await listKioskCredentials(database) }),
  http: {
    route: 'GET /api/admin/kiosk-credentials',
    response: KioskCredentialsResponseSchema,
  },
  cli: {
    command: 'kiosk list',
    usage: 'kiosk list                   the kiosk credentials in force',
    print: ({ credentials }, _, { print }) => {
      print(`${credentials.length} kiosk credential(s) in force`)
      for (const credential of credentials) {
        print(
          [
            credential.id,
            credential.campaign,
            `by ${credential.operator ?? 'the CLI'}`,
            `issued ${credential.issuedAt}`,
            `until ${credential.expiresAt}`,
            `last used ${credential.lastUsedAt ?? 'never'}`,
          ].join('\t'),
        )
      }
    },
  },
})

const revokeKiosk = defineOperation({
  name: 'revokeKioskCredential',
  input: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  errors: [refusals.AdminKioskCredentialNotFound],
  run: ({ database, operator }, { id }) => revokeKioskCredential(database, operator, id),
  http: {
    route: 'DELETE /api/admin/kiosk-credentials/:id',
    status: 204,
    response: Type.Null(),
  },
  cli: {
    command: 'kiosk revoke',
    usage:
      'kiosk revoke <id>            refused by every server at once; a kiosk showing it goes dark',
    positional: { to: 'id', missing: 'give the id of the kiosk credential to revoke' },
    print: (_, { id }, { print }) =>
      print(
        `Revoked kiosk credential ${id}: every server refuses it, and its kiosk shows no code.`,
      ),
  },
})

export const kioskOperations = [issueKiosk, listKiosks, revokeKiosk]
