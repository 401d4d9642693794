import type { IncomingMessage, Server, ServerResponse } from "node:http";
export declare const SERVER_ACTION_BODY_BYTES: number;
export declare const BULK_PAYOUT_BODY_BYTES: number;
export declare const INNGEST_BODY_BYTES: number;
export declare function defaultBodyLimit(): number;
export declare function bodyLimitFor(pathname: string): number;
export declare function limitRequestBody(req: IncomingMessage, res: ServerResponse, proceed: () => void): void;
export declare function refuseOversizedBeforeContinue(server: Server): void;
