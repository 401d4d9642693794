import type { IncomingMessage } from "node:http";
export declare function appendSocketPeer(req: IncomingMessage): void;
