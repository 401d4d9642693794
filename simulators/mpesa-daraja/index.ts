export { startMpesaSimulator, SANDBOX_PASSKEY } from "./start-mpesa-simulator";
export type { CallbackMode, CallbackRecord, FaultKind, FaultTarget, MpesaSimulator, MpesaSimulatorConfig, MpesaSimulatorOptions } from "./start-mpesa-simulator";
export { runMpesaSimulator, mpesaSimulatorSecrets, MPESA_SIM_SETTINGS } from "./run-mpesa-simulator";
