export type LimitResult = {
  success: boolean;
  limit: number;
  remaining: number;
  /** Unix time in milliseconds when the window resets. */
  reset: number;
};

export interface WindowLimiter {
  limit(identifier: string, max: number): Promise<LimitResult>;
}
