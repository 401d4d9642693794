import type { CliOptions } from "@/simulation/cli";
import { OPERATOR_NAMES } from "@/simulation/operators";

/** The seeds CI runs: every operator, two merchants, four orders each. */
export const CI_SEEDS: CliOptions = { seeds: [1, 2, 3], merchants: 2, orders: 4, operators: OPERATOR_NAMES, plant: [], faults: undefined, shrink: false, verbose: false };
