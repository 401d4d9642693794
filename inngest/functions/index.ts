import { drainOutbox } from "./drain-outbox";
import { periodicFunctions } from "./periodic";

export const functions = [drainOutbox, ...periodicFunctions];
