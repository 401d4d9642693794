export { startAirtelSimulator } from "./start-airtel-simulator";
export type { AirtelSimulator, AirtelSimulatorConfig, AirtelSimulatorOptions, CallbackMode, CallbackRecord, FaultKind, FaultTarget } from "./start-airtel-simulator";
export { airtelSimulatorSecrets, runAirtelSimulator } from "./run-airtel-simulator";
