import type { IncomingMessage } from "node:http";
export declare function requestHeaders(req: IncomingMessage): Headers;
export declare function apiFastPath(options: { root: string; hostname: string | undefined; port: number; log?: (line: string) => void }): Promise<((req: IncomingMessage, res: import("node:http").ServerResponse) => boolean) | null>;
