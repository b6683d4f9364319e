import { useTexts } from '../../i18n/current'
import { Screen } from '../../ui/screen'
import '../../ui/button.css'
import './page-not-found.css'

/** What a browser shows at an address the site does not have; the server sent it with 404. */
export function PageNotFound() {
  const texts = useTexts()
  return (
    <Screen title={texts.pageNotFound}>
      <p className="screen__text">{texts.pageNotFoundText}</p>
      <div className="screen__actions">
        {/* A link, not a button: it is a way to another address, and opens in a new tab too. */}
        <a className="button button--primary page-not-found__home" href="/">
          {texts.backToForest}
        </a>
      </div>
    </Screen>
  )
}
