import type { ClusterClaim, FarmClusterKind, FarmReport } from '@fernwood/protocol/admin'

/** One cluster of a farm report, whatever its kind: what the console lists and rejects. */
export interface FarmCluster {
  kind: FarmClusterKind
  /** the network, creator or funder; for accounts created together, the first and last times */
  key: string | { from: string; to: string }
  /** unique within the report, for React and the page's ids */
  id: string
  accounts: number
  claims: ClusterClaim[]
  /** the claims a rejection can still stop */
  pending: ClusterClaim[]
}

/** The report's clusters in the order the report gives its kinds, each kind's largest first. */
export function farmClusters(report: FarmReport): FarmCluster[] {
  const cluster = (
    kind: FarmClusterKind,
    key: FarmCluster['key'],
    { accounts, claims }: { accounts: number; claims: ClusterClaim[] },
  ): FarmCluster => ({
    kind,
    key,
    id: `${kind}:${typeof key === 'string' ? key : `${key.from}/${key.to}`}`,
    accounts,
    claims,
    pending: claims.filter((claim) => claim.status === 'pending'),
  })
  return [
    ...report.sameAddress.map((each) => cluster('sameAddress', each.addressPrefix, each)),
    ...report.sameCreator.map((each) => cluster('sameCreator', each.creator, each)),
    ...report.createdTogether.map((each) =>
      cluster('createdTogether', { from: each.from, to: each.to }, each),
    ),
    ...report.sameFunder.map((each) => cluster('sameFunder', each.funder, each)),
  ]
}
