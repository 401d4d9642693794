export { startMtnMomoSimulator } from "./start-mtn-momo-simulator";
export type { CallbackMode, FaultKind, FaultTarget, MtnSimulator, MtnSimulatorAdmin, MtnSimulatorConfig, MtnSimulatorOptions, MtnStatus, Scenario, SimulatorUser } from "./start-mtn-momo-simulator";
export { runMtnMomoSimulator, SIMULATOR_CREDENTIALS } from "./run-mtn-momo-simulator";
