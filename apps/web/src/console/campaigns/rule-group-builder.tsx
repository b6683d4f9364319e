import { Button } from '../../ui/button'
import { FormField } from '../shared/form-field'
import { useConsoleTexts } from '../texts/use-console-texts'
import { emptyRow, type RuleGroupDraft, type RuleRow, type RuleRowKind } from './rule-rows'

type ConditionKind = Exclude<RuleRowKind, 'group'>
const conditionKinds: readonly ConditionKind[] = [
  'allowlist',
  'min_balance',
  'holds_nft',
  'min_account_age',
]

/** The id of a row's first field, which a mistake of the row focuses. */
export const ruleRowFieldId = (id: string, index: number) => `${id}-rule-${index}`

/**
 * Who may claim, as one group of conditions: whether a claim must meet all of them or any, and
 * the conditions, each added, changed or removed here. A group within the group (written with
 * `campaigns edit --rules`) is shown as it is and kept, or removed. The select is the request's
 * `rules` field, where a refusal of the server is told.
 */
export function RuleGroupBuilder({
  id,
  draft,
  onChange,
  wrongRows,
  error,
}: {
  id: string
  draft: RuleGroupDraft
  onChange(draft: RuleGroupDraft): void
  /** the rows written wrong, told beside their own field */
  wrongRows: readonly number[]
  /** the server's refusal of the rules as a whole */
  error: string | undefined
}) {
  const texts = useConsoleTexts()
  const words = texts.ruleBuilder
  const change = (index: number, row: RuleRow) =>
    onChange({ ...draft, rows: draft.rows.map((each, at) => (at === index ? row : each)) })
  return (
    <fieldset className="console__rules">
      <legend>{words.legend}</legend>
      <FormField id={`${id}-match`} label={words.match} hint={words.matchHint} error={error}>
        {(control) => (
          <select
            {...control}
            name="rules"
            value={draft.match}
            onChange={(event) =>
              onChange({ ...draft, match: event.target.value as RuleGroupDraft['match'] })
            }
          >
            <option value="all">{words.all}</option>
            <option value="any">{words.any}</option>
          </select>
        )}
      </FormField>
      {draft.rows.length === 0 && <p className="console__hint">{words.none}</p>}
      {draft.rows.map((row, index) => (
        <fieldset
          // Rows have no identity of their own: a removal renumbers those after it.
          // biome-ignore lint/suspicious/noArrayIndexKey: the row's place is its identity here
          key={index}
          className="console__rule"
        >
          <legend>{words.condition(index + 1)}</legend>
          {row.kind === 'group' ? (
            <p id={ruleRowFieldId(id, index)} className="console__hint">
              {words.nestedGroup}
            </p>
          ) : (
            <ConditionFields
              id={ruleRowFieldId(id, index)}
              row={row}
              wrong={wrongRows.includes(index)}
              onChange={(changed) => change(index, changed)}
            />
          )}
          <Button
            type="button"
            onClick={() => onChange({ ...draft, rows: draft.rows.filter((_, at) => at !== index) })}
          >
            {words.remove(index + 1)}
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        onClick={() => onChange({ ...draft, rows: [...draft.rows, emptyRow('min_balance')] })}
      >
        {words.add}
      </Button>
    </fieldset>
  )
}

/** One condition: its kind, and the fields of that kind. */
function ConditionFields({
  id,
  row,
  wrong,
  onChange,
}: {
  id: string
  row: Exclude<RuleRow, { kind: 'group' }>
  wrong: boolean
  onChange(row: RuleRow): void
}) {
  const texts = useConsoleTexts()
  const words = texts.ruleBuilder
  const text = (
    field: string,
    label: string,
    value: string,
    set: (value: string) => RuleRow,
    { hint, error }: { hint?: string; error?: string } = {},
  ) => (
    <FormField id={field} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type="text"
          value={value}
          onChange={(event) => onChange(set(event.target.value))}
        />
      )}
    </FormField>
  )
  return (
    <>
      <FormField id={`${id}-kind`} label={words.kind}>
        {(control) => (
          <select
            {...control}
            value={row.kind}
            onChange={(event) => onChange(emptyRow(event.target.value as ConditionKind))}
          >
            {conditionKinds.map((kind) => (
              <option key={kind} value={kind}>
                {words.kinds[kind]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {row.kind === 'allowlist' && <p className="console__hint">{words.allowlistHint}</p>}
      {row.kind === 'min_balance' &&
        text(id, texts.fields.minBalance, row.balance, (balance) => ({ ...row, balance }), {
          hint: texts.fields.minBalanceHint,
          error: wrong ? texts.errors.ADMIN_MIN_BALANCE_INVALID : undefined,
        })}
      {row.kind === 'holds_nft' && (
        <>
          {text(id, texts.fields.holdsNft, row.nft, (nft) => ({ ...row, nft }), {
            hint: words.nftHint,
            error: wrong ? words.nftInvalid : undefined,
          })}
          {text(`${id}-count`, words.nftCount, row.count, (count) => ({ ...row, count }), {
            hint: words.nftCountHint,
          })}
          {text(`${id}-name`, words.nftName, row.name, (name) => ({ ...row, name }), {
            hint: words.nftNameHint,
          })}
        </>
      )}
      {row.kind === 'min_account_age' &&
        text(id, texts.fields.minAccountAgeDays, row.days, (days) => ({ ...row, days }), {
          error: wrong ? texts.errors.ADMIN_ACCOUNT_AGE_INVALID : undefined,
        })}
    </>
  )
}
