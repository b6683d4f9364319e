import { useTexts } from '../../i18n/current'
import './loading.css'

export function Loading() {
  const texts = useTexts()
  return (
    <main className="loading">
      <div className="loading__leaf" aria-hidden="true" />
      <p className="loading__text" role="status">
        {texts.loading}
      </p>
    </main>
  )
}
