import { readFile } from 'node:fs/promises'

/**
 * What became of a process, as it matters to the files it wrote:
 * - `running`: it may write them still;
 * - `killed`: SIGKILL is pending, so it never returns to its code, but a write it had begun may
 *   still be under way;
 * - `gone`: it writes nothing any more. It has ended; or it is exiting, tearing down its memory,
 *   which takes a large process a while; or it is a zombie its parent has not yet reaped; or its
 *   pid now belongs to another process.
 */
export type ProcessState = 'running' | 'killed' | 'gone'

// Linux's PF_EXITING in /proc/<pid>/stat's flags: set as the process starts to exit.
const PF_EXITING = 0x4
const SIGKILL_BIT = 1n << 8n

/**
 * Who `pid` is beyond its number, where the system says (Linux: the boot and the process's start
 * time): a pid given to another process since has another identity.
 */
export async function processIdentity(pid: number): Promise<string | undefined> {
  const stat = await statOf(pid)
  const bootId = await readProcFile('sys/kernel/random/boot_id')
  return stat && bootId ? `${bootId.trim()}/${stat.startTime}` : undefined
}

/** The state of `pid`; `identity`, when known, tells a reused pid from the process it was. */
export async function processState(pid: number, identity?: string): Promise<ProcessState> {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'gone'
  }
  const stat = await statOf(pid)
  // Without /proc (not Linux) all we know is that the pid exists.
  if (!stat) return (await readProcFile('self/stat')) ? 'gone' : 'running'
  if (stat.state === 'Z' || stat.state === 'X' || (stat.flags & PF_EXITING) !== 0) return 'gone'
  if (identity && identity !== (await processIdentity(pid))) return 'gone'
  const status = (await readProcFile(`${pid}/status`)) ?? ''
  const pending = [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)]
  return pending.some(([, mask]) => (BigInt(`0x${mask}`) & SIGKILL_BIT) !== 0n)
    ? 'killed'
    : 'running'
}

/** The fields of /proc/<pid>/stat used here; undefined without it. */
async function statOf(pid: number) {
  const stat = await readProcFile(`${pid}/stat`)
  if (!stat) return undefined
  // The command name, in parentheses, may hold spaces and parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { state: fields[0], flags: Number(fields[6]), startTime: fields[19] }
}

async function readProcFile(name: string): Promise<string | undefined> {
  try {
    return await readFile(`/proc/${name}`, 'utf8')
  } catch {
    return undefined
  }
}
