import type { ReactNode } from 'react'

interface ConsoleTableProps<Column extends string> {
  /** the id of the heading that names the table */
  labelledBy: string
  /** the columns' headings, by column */
  headings: Record<Column, string>
  /** the columns shown, in order */
  columns: readonly Column[]
  /** the columns of figures, aligned to the end */
  figures?: readonly Column[]
  /** the sentence shown instead of a table without rows */
  empty: string
  rows: ReactNode[]
}

/** One of the console's tables: scrolling sideways on a narrow screen, a sentence when empty. */
export function ConsoleTable<Column extends string>({
  labelledBy,
  headings,
  columns,
  figures = [],
  empty,
  rows,
}: ConsoleTableProps<Column>) {
  if (rows.length === 0) return <p>{empty}</p>
  return (
    <div className="console__scroll">
      <table className="console__table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={figures.includes(column) ? 'console__number' : undefined}
              >
                {headings[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </div>
  )
}
