import { describe, expect, it } from 'vitest';
import { allProjections } from '@shop/projectors';
import { databaseWithLoggedEvents } from '../../support/logged-database.js';
import { runCommand } from '../../support/run-command.js';

/**
 * Issue 11: `npm run replay -- --projection all` on 100,000 events, as an analyst runs it: a
 * progress bar while it works (drawn in place on a terminal, a line a second into a pipe or a log
 * file) and a one-line summary at the end.
 */
const EVENTS = 100_000;

const logged = databaseWithLoggedEvents(EVENTS);

const run = (command: string, args: string[]) => runCommand(command, args, { ...process.env, DATABASE_URL: logged().url });

/** A line of the bar: names, blocks, percentage, events done and to do, events/s, ETA, phase. */
const ALL = `all ${allProjections.length} projections`;
const BAR = new RegExp(`${ALL} \\[[█░]*\\] (\\d+)% \\| (\\d+)/(\\d+) events \\| (\\d+) events/s \\| ETA \\S+ \\| ([a-z ]+)`, 'g');
const SUMMARY = new RegExp(`^Rebuilt ${ALL} from ${EVENTS} events in \\d+\\.\\d s \\((\\d+) events/s\\) → public$`, 'm');

async function projectRows(): Promise<number> {
  const { rows } = await logged().pool.query<{ count: string }>('SELECT count(*) AS count FROM project_details');
  return Number(rows[0]!.count);
}

describe('npm run replay -- --projection all', () => {
  it('into a pipe: a progress line a second up to 100% and done, then the summary, and the read models rebuilt', { timeout: 300_000 }, async () => {
    const replay = await run('npm', ['run', '-s', 'replay', '--', '--projection', 'all']);
    expect(replay.code, replay.stderr).toBe(0);
    const lines = [...replay.stderr.matchAll(BAR)].map(([, percent, done, total, rate, phase]) => ({ percent: Number(percent), done: Number(done), total: Number(total), rate: Number(rate), phase }));
    // One line when it starts and one when it stops, at the least; none goes backwards.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.map((line) => line.done)).toEqual([...lines.map((line) => line.done)].sort((a, b) => a - b));
    expect(lines.at(-1)).toMatchObject({ percent: 100, done: EVENTS, total: EVENTS, phase: 'done' });
    expect(lines.at(-1)!.rate).toBeGreaterThan(0);
    const summary = replay.stdout.match(SUMMARY);
    expect(summary, replay.stdout).not.toBeNull();
    expect(Number(summary![1])).toBeGreaterThan(0);
    expect(await projectRows()).toBe(EVENTS / 10);
    // The swap records the version each projection was rebuilt with (docs/decisions/0215).
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    const versions = await logged().pool.query<{ name: string; version: number }>('SELECT name, version FROM projection_checkpoints');
    expect(versions.rows.sort(byName)).toEqual(allProjections.map(({ name, version }) => ({ name, version })).sort(byName));
  });

  it('on a terminal: the bar is drawn in place (a pseudo-terminal from util-linux `script`), then the summary', { timeout: 300_000 }, async () => {
    const replay = await run('script', ['-qec', 'npm run -s replay -- --projection all', '/dev/null']);
    expect(replay.code, replay.stdout).toBe(0);
    // Redrawn in place: each draw moves the cursor back to the first column (ESC [1G), no new
    // line comes between the first draw and the last, and the cursor is hidden meanwhile.
    expect(replay.stdout).toContain('\u001b[?25l');
    const drawing = replay.stdout.slice(replay.stdout.indexOf('\u001b[1G'), replay.stdout.lastIndexOf('| done'));
    expect(drawing).not.toContain('\n');
    const draws = drawing.split('\u001b[1G').filter((draw) => draw.startsWith(`${ALL} [`));
    expect(draws.length).toBeGreaterThanOrEqual(2);
    // The last draw, cut just before its phase: it reached every event and ended in "done".
    expect(draws.at(-1)).toMatch(new RegExp(`^${ALL} \\[█+\\] 100% \\| 100000/100000 events \\| \\d+ events/s \\| ETA \\S+ $`));
    expect(replay.stdout.replaceAll('\r', '')).toMatch(SUMMARY);
    expect(await projectRows()).toBe(EVENTS / 10);
  });
});
