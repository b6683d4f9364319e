import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type ScriptProcess, spawnScript, stopScript } from '../../test/support/script-process.ts'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts'
import { processIdentity } from './process-state.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function dataDir(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'fernwood-lock-'))
  cleanups.push(() => rm(directory, { recursive: true, force: true }))
  return directory
}

/** A running process that is not a Fernwood server, whose pid a lock file can name. */
async function liveProcess() {
  const child = spawn('sleep', ['120'])
  await once(child, 'spawn')
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  return child
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn('true')
  await once(child, 'exit')
  return child.pid as number
}

/**
 * The pid of a process that was killed and is now a zombie: its parent (a shell that went on to
 * `exec sleep`) never reaps it, as a supervisor busy elsewhere, or a dead one's, would not.
 */
async function zombiePid(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 120 & echo $!; exec sleep 120'])
  cleanups.push(async () => {
    parent.kill('SIGKILL')
  })
  const [line] = (await once(parent.stdout, 'data')) as [Buffer]
  const pid = Number.parseInt(line.toString(), 10)
  // Killed while its parent is still the shell, the child would be reaped by it at once.
  while ((await readFile(`/proc/${parent.pid}/comm`, 'utf8')).trim() !== 'sleep') {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  process.kill(pid, 'SIGKILL')
  while (!(await readFile(`/proc/${pid}/stat`, 'utf8')).includes(') Z ')) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return pid
}

/** Another process taking `directory`; resolves to its first line. */
async function holdInAnotherProcess(directory: string): Promise<[ScriptProcess, string]> {
  const holder = spawnScript('test/support/hold-data-dir.ts', {}, [directory])
  cleanups.push(() => stopScript(holder, 'SIGKILL'))
  while (!holder.output().includes('\n')) {
    const ended = await Promise.race([
      holder.exited.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 20)),
    ])
    if (ended && !holder.output().includes('\n')) throw new Error(holder.output() || 'no output')
  }
  return [holder, holder.output().split('\n')[0]]
}

const lockFileOf = (directory: string) => path.join(directory, LOCK_FILE)
const ownerPidIn = async (directory: string) =>
  (await readFile(lockFileOf(directory), 'utf8')).split('\n')[0]

describe('the DATA_DIR lock', { timeout: 60_000 }, () => {
  it('records the owner’s pid and identity, and removes its file on release', async () => {
    const directory = await dataDir()
    const release = await lockDataDir(directory)
    expect(await readFile(lockFileOf(directory), 'utf8')).toBe(
      `${process.pid}\n${await processIdentity(process.pid)}\n`,
    )
    await release()
    expect(await readdir(directory)).toEqual([])
  })

  it('is refused while the process it names runs, naming that pid', async () => {
    const directory = await dataDir()
    const owner = await liveProcess()
    await writeFile(lockFileOf(directory), `${owner.pid}\n`)
    const refusal = lockDataDir(directory)
    await expect(refusal).rejects.toThrow(DataDirInUseError)
    await expect(refusal).rejects.toThrow(
      `DATA_DIR ${directory} is in use by another running Fernwood process (pid ${owner.pid})`,
    )
    expect(await readFile(lockFileOf(directory), 'utf8')).toBe(`${owner.pid}\n`)
  })

  it('is taken over at once when the process it names is gone', async () => {
    const directory = await dataDir()
    const owner = await liveProcess()
    await writeFile(lockFileOf(directory), `${owner.pid}\n`)
    owner.kill('SIGKILL')
    await once(owner, 'exit')

    const release = await lockDataDir(directory)
    expect(await ownerPidIn(directory)).toBe(`${process.pid}`)
    await release()
  })

  it('is taken over at once when the process it names is a zombie nobody has reaped yet', async () => {
    const directory = await dataDir()
    await writeFile(lockFileOf(directory), `${await zombiePid()}\n`)
    const release = await lockDataDir(directory)
    expect(await ownerPidIn(directory)).toBe(`${process.pid}`)
    await release()
  })

  it('is taken over when its pid now belongs to another process, and refused while it is the same', async () => {
    const directory = await dataDir()
    const owner = await liveProcess()
    const identity = await processIdentity(owner.pid as number)
    await writeFile(lockFileOf(directory), `${owner.pid}\n${identity}\n`)
    await expect(lockDataDir(directory)).rejects.toThrow(`(pid ${owner.pid})`)

    await writeFile(lockFileOf(directory), `${owner.pid}\n${identity}-an-earlier-process\n`)
    const release = await lockDataDir(directory)
    expect(await ownerPidIn(directory)).toBe(`${process.pid}`)
    await release()
  })

  it('is taken over when its file holds no pid, or our own (a pid reused after a restart)', async () => {
    for (const content of ['', 'garbage', `${process.pid}\n`]) {
      const directory = await dataDir()
      await writeFile(lockFileOf(directory), content)
      const release = await lockDataDir(directory)
      expect(await ownerPidIn(directory)).toBe(`${process.pid}`)
      await release()
    }
  })

  it('held by another process, is refused to this one until that process is gone', async () => {
    const directory = await dataDir()
    const [holder, line] = await holdInAnotherProcess(directory)
    expect(line).toBe(`locked ${holder.child.pid}`)
    await expect(lockDataDir(directory)).rejects.toThrow(`(pid ${holder.child.pid})`)

    await stopScript(holder, 'SIGKILL')
    const release = await lockDataDir(directory)
    await release()
  })

  it('two processes taking over the same stale lock at once: exactly one gets it', async () => {
    const directory = await dataDir()
    await writeFile(lockFileOf(directory), `${await deadPid()}\n`)
    const [[first, firstLine], [second, secondLine]] = await Promise.all([
      holdInAnotherProcess(directory),
      holdInAnotherProcess(directory),
    ])
    const lines = [firstLine, secondLine].sort()
    const winner = firstLine.startsWith('locked') ? first : second
    expect(lines).toEqual([`in use ${winner.child.pid}`, `locked ${winner.child.pid}`])
    expect(await ownerPidIn(directory)).toBe(`${winner.child.pid}`)
  })
})
