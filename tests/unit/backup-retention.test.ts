import { describe, expect, it } from "vitest";
import { archiveName, archivesToDelete, parseArchiveName } from "~/models/backups/retention";

/** One archive a day at 12:00 UTC (06:00 in Honduras) from `first` for `days` days. */
function dailyArchives(first: string, days: number) {
  return Array.from({ length: days }, (_, index) => {
    const at = new Date(`${first}T12:00:00Z`);
    at.setUTCDate(at.getUTCDate() + index);
    return archiveName(at);
  });
}

describe("archive names", () => {
  it("are UTC, sortable, and read back to the instant they were taken", () => {
    const at = new Date("2026-11-25T06:15:42.513Z");
    expect(archiveName(at)).toBe("perfumeria-20261125T061542Z.tar.gz");
    expect(archiveName(at, 1)).toBe("perfumeria-20261125T061542Z-2.tar.gz");
    expect(parseArchiveName(archiveName(at))?.takenAt.toISOString()).toBe(
      "2026-11-25T06:15:42.000Z",
    );
    expect(parseArchiveName("store.db")).toBeNull();
    expect(parseArchiveName("perfumeria-20261125T061542Z.tar.gz.partial")).toBeNull();
  });
});

describe("retention: the last 7 daily and 4 weekly archives", () => {
  it("keeps everything while there are fewer than 7 days", () => {
    expect(archivesToDelete(dailyArchives("2026-11-01", 7))).toEqual([]);
  });

  it("after 40 daily backups keeps the last 7 days and the newest of each of the last 4 weeks", () => {
    // 2026-10-01 (Thursday) to 2026-11-09 (Monday).
    const names = dailyArchives("2026-10-01", 40);
    const kept = names.filter((name) => !archivesToDelete(names).includes(name));
    expect(kept.map((name) => name.slice(11, 19))).toEqual([
      "20261025", // the week of Monday 19 October: its Sunday
      "20261101", // the week of Monday 26 October
      "20261103",
      "20261104",
      "20261105",
      "20261106",
      "20261107",
      "20261108", // the last 7 days; also the week of Monday 2 November
      "20261109", // today; also this week
    ]);
    expect(archivesToDelete(names)).toHaveLength(31);
  });

  it("keeps only the newest of several archives of one day (a repeat in the same second is newer)", () => {
    const names = [
      "perfumeria-20261109T120000Z.tar.gz",
      "perfumeria-20261109T180000Z.tar.gz",
      "perfumeria-20261109T180000Z-2.tar.gz",
    ];
    expect(archivesToDelete(names).sort()).toEqual([
      "perfumeria-20261109T120000Z.tar.gz",
      "perfumeria-20261109T180000Z.tar.gz",
    ]);
  });

  it("counts days in Honduras' calendar: 05:30 UTC is still the evening before", () => {
    // The last two are 45 minutes apart, across midnight in Honduras: 8 days in all.
    const names = [
      ...dailyArchives("2026-11-02", 6),
      "perfumeria-20261109T053000Z.tar.gz", // 23:30 on 8 November in Honduras
      "perfumeria-20261109T061500Z.tar.gz", // 00:15 on 9 November
    ];
    // Counted in UTC they would be 7 days and nothing would go. The 2nd is no week's newest
    // either (the 8th closes the week of Monday 2 November).
    expect(archivesToDelete(names)).toEqual(["perfumeria-20261102T120000Z.tar.gz"]);
  });

  it("never deletes a file that is not one of its archives", () => {
    const names = [...dailyArchives("2026-10-01", 40), "notas.txt", "otra-copia.tar.gz"];
    const doomed = archivesToDelete(names);
    expect(doomed).not.toContain("notas.txt");
    expect(doomed).not.toContain("otra-copia.tar.gz");
  });
});
