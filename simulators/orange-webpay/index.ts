export { startOrangeWebpaySimulator } from "./start-orange-webpay-simulator";
export type { NotificationMode, OrangeAdmin, OrangeSimulator, OrangeSimulatorConfig, OrangeSimulatorOptions, OrangeStatus } from "./start-orange-webpay-simulator";
