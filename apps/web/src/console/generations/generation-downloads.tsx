import { type CodeGeneration, codeGenerationDownloadPath } from '@fernwood/protocol/admin'
import { useConsoleTexts } from '../texts/use-console-texts'

/**
 * A generation's two files as links: the server streams each anew on every click, so any
 * operator may fetch them again later. `labelled` names which generation, where several show.
 */
export function GenerationDownloads({
  generation,
  labelled,
}: {
  generation: CodeGeneration
  labelled?: { csv: string; sheet: string }
}) {
  const texts = useConsoleTexts()
  return (
    <>
      <a
        href={codeGenerationDownloadPath(generation.id, 'csv')}
        download
        aria-label={labelled?.csv}
      >
        {labelled ? texts.csv : texts.downloadCsv}
      </a>
      <a
        href={codeGenerationDownloadPath(generation.id, 'sheet')}
        download
        aria-label={labelled?.sheet}
      >
        {labelled ? texts.sheet : texts.downloadSheet}
      </a>
    </>
  )
}
