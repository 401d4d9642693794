export { startWaveSimulator } from "./start-wave-simulator";
export type { ApiKey, FaultKind, FaultTarget, WaveSimulator, WaveSimulatorConfig, WaveSimulatorOptions, WebhookMode } from "./start-wave-simulator";
