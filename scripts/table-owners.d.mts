export type TableReach = { file: string; folder: string; table: string; owner: string | undefined };
export declare const OWNERSHIP_BUDGET: number;
export declare const TABLE_OWNERS: Record<string, string>;
export declare function modelTables(schemaDir: string): Record<string, string>;
export declare function folderOf(file: string): string;
export declare function tablesReached(source: string, tablesByModel: Record<string, string>): Set<string>;
export declare function checkTableOwnership(root: string): {
  tables: number;
  reaches: TableReach[];
  violations: TableReach[];
  shared: string[];
  foldersByTable: Map<string, Set<string>>;
  problems: string[];
};
