/** Rules the server refuses, each with its error's code and the field it names: at creation and in an edit. */
export const REFUSED_RULES: Array<[rule: object, code: string, field: string]> = [
  [{ allowlist: 'alice.wam\nNot An Account\n' }, 'ADMIN_ALLOWLIST_INVALID', 'allowlist'],
  [{ minBalance: '10 FERN' }, 'ADMIN_MIN_BALANCE_INVALID', 'minBalance'],
  [{ holdsNft: 'Fern Woods' }, 'ADMIN_HOLDS_NFT_INVALID', 'holdsNft'],
  [{ minAccountAgeDays: 0 }, 'ADMIN_ACCOUNT_AGE_INVALID', 'minAccountAgeDays'],
  [{ group: 'Daily!', perWallet: '1/day' }, 'ADMIN_GROUP_INVALID', 'group'],
  [{ group: 'daily', perWallet: '1/month' }, 'ADMIN_PER_WALLET_INVALID', 'perWallet'],
]
