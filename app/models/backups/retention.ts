/*
 * Which backup archives to keep (decision 073): the newest archive of each of the 7
 * most recent days that have one, and the newest of each of the 4 most recent weeks that have
 * one; everything else is deleted. Days and weeks are Honduras' (UTC−6 all year, no daylight
 * saving), the calendar the shop and its daily backup hour live in; weeks start on Monday.
 * Pure, so the rule is tested without files; `pruneBackups` (backup.server.ts) applies it.
 */

/** `perfumeria-20261125T061500Z.tar.gz`: UTC, so names sort by time; `-2` when a second repeats. */
const ARCHIVE_NAME =
  /^perfumeria-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(\d+))?\.tar\.gz$/;

export const RETENTION = { daily: 7, weekly: 4 } as const;

export function archiveName(createdAt: Date, repeat = 0) {
  const stamp = createdAt
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return `perfumeria-${stamp}${repeat > 0 ? `-${repeat + 1}` : ""}.tar.gz`;
}

/** When an archive was taken, from its name; null for any other file (never deleted). */
export function parseArchiveName(name: string): { takenAt: Date; repeat: number } | null {
  const match = ARCHIVE_NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, repeat] = match.map(Number);
  return {
    takenAt: new Date(Date.UTC(year, month - 1, day, hour, minute, second)),
    repeat: Number.isNaN(repeat) ? 1 : repeat,
  };
}

const HONDURAS_OFFSET_MS = 6 * 60 * 60 * 1000;

/** The Honduras calendar day of an instant, "2026-11-25". */
function hondurasDay(instant: Date) {
  return new Date(instant.getTime() - HONDURAS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Monday (Honduras calendar) that starts an instant's week, "2026-11-23". */
function hondurasWeek(instant: Date) {
  const local = new Date(instant.getTime() - HONDURAS_OFFSET_MS);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  local.setUTCDate(local.getUTCDate() - daysSinceMonday);
  return local.toISOString().slice(0, 10);
}

/** The newest archive of each of the `count` most recent periods, given newest first. */
function newestPerPeriod(
  archives: { name: string; takenAt: Date }[],
  period: (instant: Date) => string,
  count: number,
) {
  const kept = new Map<string, string>();
  for (const archive of archives) {
    const key = period(archive.takenAt);
    if (kept.has(key)) continue;
    if (kept.size === count) break;
    kept.set(key, archive.name);
  }
  return new Set(kept.values());
}

/** The archive names (of `names`) the retention rule deletes; other files are left alone. */
export function archivesToDelete(names: string[], retention = RETENTION): string[] {
  const archives = names
    .flatMap((name) => {
      const parsed = parseArchiveName(name);
      return parsed ? [{ name, ...parsed }] : [];
    })
    // Newest first; `-2` is newer than the plain name of the same second.
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.repeat - a.repeat);
  const daily = newestPerPeriod(archives, hondurasDay, retention.daily);
  const weekly = newestPerPeriod(archives, hondurasWeek, retention.weekly);
  return archives
    .filter((archive) => !daily.has(archive.name) && !weekly.has(archive.name))
    .map((archive) => archive.name);
}
