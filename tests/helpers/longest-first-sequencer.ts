import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Starts the test files that take longest first, so that no long file starts last and runs alone
 * while the other workers wait. Vitest orders by each file's last duration when it has one, and
 * otherwise by file size; CI always starts from a clean clone, with no durations, where a short
 * file that runs three minutes of simulation would start late. So the folders go in the order of
 * their files' usual length (measured: flows ~20 s a file, jobs ~8, api ~7, unit ~4, connectors
 * ~3), and Vitest's own order applies within a folder.
 */
const FOLDERS_LONGEST_FIRST = ["tests/flows/", "tests/jobs/", "tests/api/", "tests/unit/", "tests/connectors/"];

function rank(file: TestSpecification): number {
  const at = FOLDERS_LONGEST_FIRST.findIndex((folder) => file.moduleId.includes(`/${folder}`));
  return at === -1 ? FOLDERS_LONGEST_FIRST.length : at;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return ordered.map((file, i) => ({ file, i })).sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i).map(({ file }) => file);
  }
}
