import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { layoutPaths, layoutProblems, requiredFolders } from "@/scripts/readme-layout";

const root = path.resolve(__dirname, "../../..");
const readme = (block: string) => `# Project\n\n## Layout\n\nSee docs/architecture.md.\n\n\`\`\`\n${block}\n\`\`\`\n\n## Later\n\n\`\`\`\nnot/part/of/it\n\`\`\`\n`;

describe("README layout check (npm run docs:check)", () => {
  it("reads the first word of each line of the Layout section's first code block, trailing slash dropped", () => {
    expect(layoutPaths(readme("app/          routes\n  lib/http    the wrapper\nlib/errors.ts errors\n\n/             the root"))).toEqual(["app", "lib/http", "lib/errors.ts", "/"]);
  });

  it("refuses a README without the section or without its code block", () => {
    expect(() => layoutPaths("# Project\n\n## Start\n")).toThrow(/no "## Layout" section/);
    expect(() => layoutPaths("## Layout\n\nprose only\n\n## Next\n\n```\napp/\n```\n")).toThrow(/no code block/);
  });

  it("requires every top-level folder, every lib/ folder and every module directly under lib/, never hidden folders or root files", () => {
    expect(requiredFolders(["README.md", ".ci/run", "app/page.tsx", "lib/errors.ts", "lib/README.md", "lib/http/contract.ts", "lib/http/rate-limit/index.ts", "tests/unit/a.test.ts"])).toEqual([
      "app",
      "lib",
      "lib/errors.ts",
      "lib/http",
      "tests",
    ]);
  });

  it("names a folder left out, and a path named that does not exist", () => {
    const exists = (p: string) => ["app", "lib", "lib/http"].includes(p);
    expect(layoutProblems(["app", "lib", "lib/http"], ["app", "lib", "lib/http"], exists)).toEqual([]);
    expect(layoutProblems(["app", "lib", "lib/gone"], ["app", "lib", "lib/http"], exists)).toEqual([
      "lib/http/ is not in the README's layout: add a line saying what it owns",
      "lib/gone is named in the README's layout but does not exist: remove or correct its line",
    ]);
    expect(layoutProblems(["app", "lib"], ["app", "lib", "lib/ids.ts"], exists)).toEqual(["lib/ids.ts is not in the README's layout: add a line saying what it owns"]);
  });

  it("this repository's README covers this repository", () => {
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root })
      .toString("utf8")
      .split("\0")
      .filter((f) => f !== "" && existsSync(path.join(root, f)));
    const named = layoutPaths(readFileSync(path.join(root, "README.md"), "utf8"));
    expect(layoutProblems(named, requiredFolders(files), (p) => existsSync(path.join(root, p)))).toEqual([]);
  });
});
