/** What an operator's last action came to, said where they acted (and to screen readers). */
export interface NoticeText {
  text: string
  failed?: boolean
}

export function Notice({ notice }: { notice: NoticeText | undefined }) {
  return (
    <p
      role={notice?.failed ? 'alert' : 'status'}
      className={notice?.failed ? 'console__notice console__error' : 'console__notice'}
    >
      {notice?.text}
    </p>
  )
}
