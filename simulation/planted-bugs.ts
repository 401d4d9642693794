import { PLANTED_BUGS, type PlantedBug, plantBugs } from "@/lib/config/planted-bugs";

/**
 * The known money bugs the harness can put back into the platform (`--plant <bug>[,<bug>]`),
 * each kept at its place in lib/ behind lib/config/planted-bugs.ts. docs/design/simulation.md
 * lists the seed that finds each.
 */
export { PLANTED_BUGS, type PlantedBug };

export function installPlantedBugs(bugs: readonly PlantedBug[]): () => void {
  return bugs.length === 0 ? () => {} : plantBugs(bugs);
}
