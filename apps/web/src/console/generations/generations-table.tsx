import type { CodeGeneration } from '@fernwood/protocol/admin'
import { useLanguage } from '../../i18n/current'
import { formatDateTime } from '../../i18n/format'
import { ConsoleTable } from '../shared/console-table'
import { StateBadge } from '../shared/state-badge'
import { useConsoleTexts } from '../texts/use-console-texts'
import { GenerationDownloads } from './generation-downloads'

/** The latest code generations, by any operator or the CLI, each with its files to fetch again. */
export function GenerationsTable({ generations }: { generations: CodeGeneration[] }) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const columns = texts.generationColumns
  return (
    <section className="console__panel" aria-labelledby="console-generations">
      <h2 id="console-generations">{texts.generationsTitle}</h2>
      <ConsoleTable
        labelledBy="console-generations"
        headings={columns}
        columns={['campaign', 'codes', 'by', 'started', 'state', 'downloads']}
        figures={['codes']}
        empty={texts.generationsEmpty}
        rows={generations.map((generation) => {
          const started = formatDateTime(generation.startedAt, language)
          return (
            <tr key={generation.id} data-generation={generation.id}>
              <th scope="row">{generation.campaign}</th>
              <td className="console__number">{texts.madeOf(generation.made, generation.count)}</td>
              <td>{generation.operator ?? texts.byCli}</td>
              <td>{started}</td>
              <td>
                <StateBadge
                  state={generation.state}
                  label={texts.generationStates[generation.state]}
                />
              </td>
              <td>
                {generation.state !== 'running' && generation.made > 0 && (
                  <div className="console__actions">
                    <GenerationDownloads
                      generation={generation}
                      labelled={{
                        csv: texts.csvOf(generation.campaign, started),
                        sheet: texts.sheetOf(generation.campaign, started),
                      }}
                    />
                  </div>
                )}
              </td>
            </tr>
          )
        })}
      />
    </section>
  )
}
