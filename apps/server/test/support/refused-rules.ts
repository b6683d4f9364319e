/** Rules the server refuses, each with its error's code and the field it names: at creation and in an edit. */
export const REFUSED_RULES: Array<[rule: object, code: string, field: string]> = [
  [{ rules: { all: [{ rule: 'allowlist' }] } }, 'ADMIN_RULES_INVALID', 'rules'],
  [
    {
      rules: {
        any: Array.from({ length: 3 }, () => ({
          all: Array.from({ length: 8 }, () => ({ rule: 'min_account_age', days: 1 })),
        })),
      },
    },
    'ADMIN_RULES_INVALID',
    'rules',
  ],
  [
    {
      rules: { any: [{ all: [{ any: [{ rule: 'min_account_age', days: 1 }] }] }] },
      minAccountAgeDays: 7,
    },
    'ADMIN_RULES_INVALID',
    'rules',
  ],
  [{ allowlist: 'alice.wam\nNot An Account\n' }, 'ADMIN_ALLOWLIST_INVALID', 'allowlist'],
  [{ minBalance: '10 FERN' }, 'ADMIN_MIN_BALANCE_INVALID', 'minBalance'],
  [{ holdsNft: 'Fern Woods' }, 'ADMIN_HOLDS_NFT_INVALID', 'holdsNft'],
  [{ minAccountAgeDays: 0 }, 'ADMIN_ACCOUNT_AGE_INVALID', 'minAccountAgeDays'],
  [{ group: 'Daily!', perWallet: '1/day' }, 'ADMIN_GROUP_INVALID', 'group'],
  [{ group: 'daily', perWallet: '1/month' }, 'ADMIN_PER_WALLET_INVALID', 'perWallet'],
]
